// The virtual clock over real HTTP (docs/control-api.md): simulation time stands still until a
// client advances it; an advance runs as fast as the CPU allows without holding up other
// requests; and from a reset, the same writes and advances give the same plant every time.
import { afterEach, describe, expect, it } from 'vitest';
import { closeStations, startStation, type ControlStation } from './control-station.js';

afterEach(closeStations);

/** A real 10 ms timer, as `tagsim serve` has: a virtual clock must not move with it. */
const realTimer = {
  every: (callback: () => void, ms: number) => {
    const timer = setInterval(callback, ms);
    return () => clearInterval(timer);
  },
};

const virtualStation = (seed = 1) =>
  startStation({ simulation: { clock: 'virtual', startRunning: true, seed, ...realTimer } });

const advance = (station: ControlStation, ms: unknown) => station.call('POST', 'clock/advance', { ms });

describe('a virtual clock', () => {
  it('stands still until advanced, then runs the plant through exactly that time', async () => {
    const station = await virtualStation();
    expect((await station.call('GET', 'status')).json).toMatchObject({ clock: 'virtual', simTimeMs: 0 });
    await station.write({ 'Conveyor entry': true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(station.tagsim.simulation.status.timeMs).toBe(0);
    expect(station.value('Pallet sensor')).toBe(false);

    const answer = await advance(station, 30_000);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ clock: 'virtual', running: true, simTimeMs: 30_000 });
    // The first pallet came down the 6 m entry belt and waits at its end.
    expect(station.value('Pallet sensor')).toBe(true);
    expect((await advance(station, 15)).json).toMatchObject({ simTimeMs: 30_010 });
    expect((await advance(station, 5)).json).toMatchObject({ simTimeMs: 30_020 });
  });

  it('gives the same plant for the same writes and advances after every reset, and on another station', async () => {
    const script = async (station: ControlStation) => {
      await station.call('POST', 'reset');
      await station.write({ 'Conveyor entry': true });
      await advance(station, 12_345);
      await station.write({ Load: true });
      await advance(station, 9_000);
      await station.client.put('/api/tag/values-force/by-name', [{ name: 'Transf. left', value: true }]);
      await advance(station, 20_000);
      return {
        tags: station.tagsim.engine.listTagStates(),
        plant: station.tagsim.simulation.simulation.snapshot(),
        status: (await station.call('GET', 'status')).json,
      };
    };
    const station = await virtualStation(7);
    const first = await script(station);
    // Simulation time moves in whole 10 ms steps; the 5 ms left wait for the next advance.
    expect(first.status).toMatchObject({ simTimeMs: 41_340, seed: 7 });
    expect(await script(station)).toEqual(first);
    expect(await script(await virtualStation(7))).toEqual(first);
  });

  it('keeps answering other requests while it advances, and a reset stops an advance under way', async () => {
    const station = await virtualStation();
    const order: string[] = [];
    const long = advance(station, 3_600_000).then((answer) => {
      order.push('advance');
      return answer;
    });
    await expect.poll(() => station.tagsim.simulation.status.timeMs).toBeGreaterThan(0);
    const read = await station.client.get('/api/tag/values');
    order.push('read');
    expect(read.status).toBe(200);
    await station.call('POST', 'reset');
    const answer = await long;
    expect(answer.status).toBe(200);
    expect((answer.json as { simTimeMs: number }).simTimeMs).toBeLessThan(3_600_000);
    expect(order).toEqual(['read', 'advance']);
  });

  it('runs advances one after another, each answering the time it finished at', async () => {
    const station = await virtualStation();
    await station.call('POST', 'reset');
    // 60 s take several slices: the second advance runs on while the first is being answered.
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => advance(station, 60_000).then((a) => a.json as { simTimeMs: number })),
    );
    expect(answers.map((a) => a.simTimeMs).sort((a, b) => a - b)).toEqual([60_000, 120_000]);
    const three = await Promise.all(
      Array.from({ length: 3 }, () => advance(station, 1000).then((a) => a.json as { simTimeMs: number })),
    );
    expect(three.map((a) => a.simTimeMs).sort((a, b) => a - b)).toEqual([121_000, 122_000, 123_000]);
  });

  it('answers an advance cut off by a reset with the time it stopped at', async () => {
    const station = await virtualStation();
    const long = advance(station, 3_600_000);
    const queued = advance(station, 1000);
    await expect.poll(() => station.tagsim.simulation.status.timeMs).toBeGreaterThan(0);
    const seen = station.tagsim.simulation.status.timeMs;
    expect((await station.call('POST', 'reset')).json).toMatchObject({ simTimeMs: 0 });
    const stopped = ((await long).json as { simTimeMs: number }).simTimeMs;
    expect(stopped).toBeGreaterThanOrEqual(seen);
    expect(stopped).toBeLessThan(3_600_000);
    // The one waiting behind it never ran: it answers where the clock stood when the reset came.
    expect((await queued).json).toMatchObject({ simTimeMs: stopped });
  });

  it('lets 8 advances wait behind the one running, and refuses the next', async () => {
    const station = await virtualStation();
    const many = Array.from({ length: 12 }, () => advance(station, 3_600_000));
    await expect.poll(() => station.tagsim.simulation.pendingAdvances).toBe(9);
    await station.call('POST', 'reset');
    const statuses = (await Promise.all(many)).map((a) => a.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    const busy = (await Promise.all(many)).find((a) => a.status === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json).toEqual({
      code: 503,
      error: '8 advances are already waiting; send this one when one of them has answered.',
    });
  });

  it.each([
    [0, 'ms: must be a whole number of milliseconds from 1 to 3600000 (an hour); got 0'],
    [3_600_001, 'ms: must be a whole number of milliseconds from 1 to 3600000 (an hour); got 3600001'],
    [1.5, 'ms: must be a whole number of milliseconds from 1 to 3600000 (an hour); got 1.5'],
    ['10', 'ms: must be a whole number of milliseconds from 1 to 3600000 (an hour); got "10"'],
    [1e308, 'ms: must be a whole number of milliseconds from 1 to 3600000 (an hour); got 1e+308'],
  ])('refuses to advance by %j, changing nothing', async (ms, message) => {
    const station = await virtualStation();
    const answer = await advance(station, ms);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 400, error: `Request body is not valid: ${message}.` });
    expect(station.tagsim.simulation.status.timeMs).toBe(0);
  });
});

describe('PUT /tagsim/v1/clock', () => {
  it('switches between real and virtual time and sets the time scale', async () => {
    const station = await startStation({ simulation: { startRunning: true, ...realTimer } });
    const refused = await advance(station, 1000);
    expect(refused.status).toBe(409);
    expect((refused.json as { error: string }).error).toMatch(
      /^The clock is real: switch it to virtual first/,
    );

    const virtual = await station.call('PUT', 'clock', { mode: 'virtual' });
    expect(virtual.json).toMatchObject({ clock: 'virtual', timeScale: 1 });
    const at = station.tagsim.simulation.status.timeMs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(station.tagsim.simulation.status.timeMs).toBe(at);
    expect((await advance(station, 1000)).json).toMatchObject({ simTimeMs: at + 1000 });

    const real = await station.call('PUT', 'clock', { mode: 'real', timeScale: 8 });
    expect(real.json).toMatchObject({ clock: 'real', timeScale: 8 });
    await expect.poll(() => station.tagsim.simulation.status.timeMs).toBeGreaterThan(at + 1000);
  });

  it('stops an advance under way when the clock turns real', async () => {
    const station = await virtualStation();
    const long = advance(station, 3_600_000);
    await expect.poll(() => station.tagsim.simulation.status.timeMs).toBeGreaterThan(0);
    await station.call('PUT', 'clock', { mode: 'real' });
    expect(((await long).json as { simTimeMs: number }).simTimeMs).toBeLessThan(3_600_000);
  });

  it.each([
    [{}, 'Request body is not valid: give "mode", "timeScale" or both.'],
    [{ mode: 'fast' }, 'Request body is not valid: mode: must be "real" or "virtual"; got "fast".'],
    [{ timeScale: 9 }, 'Request body is not valid: timeScale: must be a number from 0.25 to 8; got 9.'],
    [
      { mode: 'virtual', speed: 2 },
      'Request body is not valid: speed: unknown field; remove it (known fields here: mode, timeScale).',
    ],
  ])('refuses %j, changing nothing', async (body, message) => {
    const station = await startStation();
    const answer = await station.call('PUT', 'clock', body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toContain(message);
    expect(station.tagsim.simulation.clock).toBe('real');
    expect(station.tagsim.simulation.status.timeScale).toBe(1);
  });
});
