// Chaos over real HTTP (docs/control-api.md#chaos): rules that make requests to the tag API slow,
// fail or drop, fired by seeded draws so that the same requests meet the same chaos; bounded.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChaosRule } from '../../shared/api/chaos-rules.js';
import type { JournalEntry } from '../../main/journal/request-journal.js';
import { closeStations, startStation, type ControlStation } from './control-station.js';

afterEach(closeStations);

const setRules = async (station: ControlStation, rules: ChaosRule[]) => {
  const answer = await station.call('PUT', 'chaos', { rules });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
};
const newest = async (station: ControlStation) =>
  ((await station.call('GET', 'requests?limit=1')).json as JournalEntry[])[0]!;

describe('PUT, GET and DELETE /tagsim/v1/chaos', () => {
  it('answers an error instead of serving, without applying the request, as often as told', async () => {
    const station = await startStation();
    const listed = await setRules(station, [
      { method: 'PUT', path: '/api/tag/values*', status: 503, times: 1 },
    ]);
    expect(listed).toEqual({
      rules: [{ method: 'PUT', path: '/api/tag/values*', status: 503, times: 1, hits: 0 }],
    });
    const items = [{ name: 'Load', value: true }];
    const refused = await station.client.put('/api/tag/values/by-name', items);
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({
      code: 503,
      error:
        "Chaos rule 0 of TagSim's control API answered 503 instead of serving this request; it was not applied.",
    });
    expect(station.value('Load')).toBe(false);
    expect(await newest(station)).toMatchObject({
      status: 503,
      body: null,
      chaos: { rule: 0, latencyMs: 0, status: 503 },
    });

    const served = await station.client.put('/api/tag/values/by-name', items);
    expect(served.status).toBe(200);
    expect(station.value('Load')).toBe(true);
    expect((await newest(station)).chaos).toBeNull();
    expect((await station.call('GET', 'chaos')).json).toEqual({
      rules: [{ method: 'PUT', path: '/api/tag/values*', status: 503, times: 1, hits: 1 }],
    });
    // Reads and the control API itself are untouched by a rule for writes.
    expect((await station.client.get('/api/tag/values')).status).toBe(200);

    expect((await station.call('DELETE', 'chaos')).json).toEqual({ rules: [] });
  });

  it('holds an answer for its latency without holding up other requests', async () => {
    const station = await startStation();
    await setRules(station, [{ path: '/api/tags', latencyMs: 400 }]);
    const order: string[] = [];
    const held = station.client.get('/api/tags').then((answer) => {
      order.push('held');
      return answer;
    });
    await expect
      .poll(async () => (await station.call('GET', 'chaos')).json)
      .toMatchObject({
        rules: [{ hits: 1 }],
      });
    expect((await station.client.get('/api/tag/values')).status).toBe(200);
    order.push('other');
    expect((await held).status).toBe(200);
    expect(order).toEqual(['other', 'held']);
    const entry = ((await station.call('GET', 'requests?path=/api/tags')).json as JournalEntry[])[0]!;
    expect(entry.durationMs).toBeGreaterThanOrEqual(400);
    expect(entry.chaos).toEqual({ rule: 0, latencyMs: 400 });
  });

  it('drops the connection of a request with reset: true', async () => {
    const station = await startStation();
    await setRules(station, [{ method: 'GET', path: '/api/tags', reset: true }]);
    const outcome = await new Promise<string>((resolve) => {
      const url = new URL(station.tagsim.url!);
      const req = httpRequest({ host: url.hostname, port: url.port, path: '/api/tags' }, (res) =>
        resolve(`answered ${res.statusCode}`),
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end();
    });
    expect(outcome).toBe('ECONNRESET');
    expect(await newest(station)).toMatchObject({ status: null, chaos: { rule: 0, reset: true } });
    expect((await station.client.get('/api/tag/values')).status).toBe(200);
  });

  it('draws from the run seed: the same requests meet the same chaos after a reset and on another station', async () => {
    const pattern = async (station: ControlStation) => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await station.client.get('/api/tags')).status);
      return statuses.map((s) => (s === 200 ? '.' : 'x')).join('');
    };
    const rules: ChaosRule[] = [{ path: '/api/tags', probability: 0.5, status: 500 }];
    const a = await startStation({ simulation: { seed: 11 } });
    await setRules(a, rules);
    const first = await pattern(a);
    expect(first).toMatch(/x/);
    expect(first).toMatch(/\./);
    await a.call('POST', 'reset');
    expect(await pattern(a)).toBe(first);
    const b = await startStation({ simulation: { seed: 11 } });
    await setRules(b, rules);
    expect(await pattern(b)).toBe(first);
    const other = await startStation({ simulation: { seed: 12 } });
    await setRules(other, rules);
    expect(await pattern(other)).not.toBe(first);
  });

  it('draws a latency within its range', async () => {
    const station = await startStation();
    await setRules(station, [{ path: '/api/tag/values', latencyMs: [5, 20] }]);
    for (let i = 0; i < 10; i++) await station.client.get('/api/tag/values');
    const entries = (await station.call('GET', 'requests')).json as JournalEntry[];
    const drawn = entries.map((e) => e.chaos!.latencyMs);
    expect(drawn).toHaveLength(10);
    for (const ms of drawn) expect(ms >= 5 && ms <= 20, String(ms)).toBe(true);
  });

  it.each([
    [
      { rules: [{ status: 503, probability: 2 }] },
      'rules[0].probability: must be a number from 0 to 1; got 2',
    ],
    [
      { rules: [{ latencyMs: 60_001 }] },
      'rules[0].latencyMs: must be a whole number of milliseconds from 0 to 60000, or a range [min, max] of them; got 60001',
    ],
    [{ rules: [{ latencyMs: [20, 5] }] }, 'rules[0].latencyMs: [20, 5] has its min above its max'],
    [{ rules: [{ status: 200 }] }, 'rules[0].status: must be an error status from 400 to 599; got 200'],
    [
      { rules: [{ status: 503, reset: true }] },
      'rules[0]: cannot both answer a status and drop the connection',
    ],
    [{ rules: [{ path: '/api/*' }] }, 'rules[0]: does nothing: give it a latencyMs, a status or reset: true'],
    [{ rules: [{ status: 503, delay: 1 }] }, 'rules[0].delay: unknown field'],
    [{ rules: [{ method: 'G E T', status: 503 }] }, 'rules[0].method: must be a method like "GET"'],
    [
      { rules: [{ status: 503, times: 0 }] },
      'rules[0].times: must be a whole number from 1 to 1000000000; got 0',
    ],
    [{ rules: { status: 503 } }, 'rules: must be an array of rules'],
    [{ rules: Array.from({ length: 51 }, () => ({ status: 503 })) }, 'rules: has 51 rules; at most 50'],
    [[], 'must be an object'],
  ])('refuses %j, keeping the rules it had', async (body, message) => {
    const station = await startStation();
    await setRules(station, [{ status: 418, path: '/nothing' }]);
    const answer = await station.call('PUT', 'chaos', body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toContain(message);
    expect(((await station.call('GET', 'chaos')).json as { rules: unknown[] }).rules).toHaveLength(1);
  });

  it('holds nothing open when the station closes with answers held', async () => {
    const station = await startStation();
    await setRules(station, [{ latencyMs: 60_000 }]);
    const held = station.client.get('/api/tags').catch((error: Error) => error.message);
    await expect
      .poll(async () => (await station.call('GET', 'chaos')).json)
      .toMatchObject({ rules: [{ hits: 1 }] });
    await closeStations();
    expect(await held).toMatch(/socket hang up|ECONNRESET/);
  });
});
