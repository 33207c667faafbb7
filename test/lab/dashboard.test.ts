// The instructor's dashboard over real HTTP: its page, its token, every station at a glance,
// bulk actions and the fault report.
import { afterEach, describe, expect, it } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import type { LabOverview } from '../../shared/lab/lab-views.js';
import { apiClient, rawRequest } from '../support/http-client.js';
import { act, dashboardRequest, startTestLab } from './support.js';

const open: Lab[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((lab) => lab.close()));
});
async function lab(...args: Parameters<typeof startTestLab>): Promise<Lab> {
  const started = await startTestLab(...args);
  open.push(started);
  return started;
}
const overview = async (l: Lab) => (await dashboardRequest(l, 'GET', '/api/stations')).json as LabOverview;

describe("the instructor's dashboard", () => {
  it('serves its page under the same strict policy as the window, with no token needed for it', async () => {
    const l = await lab();
    expect(l.dashboard!.openUrl).toBe(`${l.dashboard!.url}/?token=${l.dashboard!.token}`);
    const page = await rawRequest(l.dashboard!.url, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'; script-src 'self'");
    expect(page.text).toContain('<script type="module" src="./lab.js"></script>');
    expect((await rawRequest(l.dashboard!.url, 'GET', '/lab.js')).status).toBe(200);
    expect((await rawRequest(l.dashboard!.url, 'GET', '/%2e%2e/app.js')).status).toBe(404);
    expect((await rawRequest(l.dashboard!.url, 'POST', '/')).status).toBe(405);
  });

  it('answers its API only with the token, and only to an IP address or localhost', async () => {
    const l = await lab();
    for (const token of [null, '', 'wrong', `${l.dashboard!.token}x`]) {
      const answer = await dashboardRequest(l, 'GET', '/api/stations', { token });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        code: 401,
        error: 'This dashboard needs its access token: open the exact URL that tagsim lab printed.',
      });
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="tagsim"');
    }
    const rebound = await dashboardRequest(l, 'GET', '/api/stations', {
      headers: { Host: 'evil.example:80' },
    });
    expect(rebound.status).toBe(403);
    const wrongMethod = await dashboardRequest(l, 'DELETE', '/api/stations');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers['allow']).toBe('GET');
    expect(wrongMethod.json).toEqual({
      code: 405,
      error: 'Method DELETE is not allowed on /api/stations. Allowed: GET.',
    });
    expect(wrongMethod.headers['cache-control']).toBe('no-store');
    const unknown = await dashboardRequest(l, 'GET', '/api/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 404, error: 'No such endpoint: GET /api/nothing' });
    // Paths as sent: no trailing slash dropped; HEAD is a wrong method, as on the control API.
    expect((await dashboardRequest(l, 'GET', '/api/stations/')).status).toBe(404);
    expect((await dashboardRequest(l, 'HEAD', '/api/stations')).status).toBe(405);
  });

  it('shows every station at a glance: scene, simulation, clients, last request, refused writes', async () => {
    const l = await lab({ stations: [{ label: 'Bench 1' }, { scene: { builtin: 'Filling Tank' } }] });
    const before = await overview(l);
    expect(before.stations.map((s) => [s.number, s.label, s.scene, s.simulation.state])).toEqual([
      [1, 'Bench 1', 'Sorting by Height (Basic)', 'stopped'],
      [2, undefined, 'Filling Tank', 'stopped'],
    ]);
    expect(before.stations[0]!.activity).toMatchObject({ clients: 0, refusedWrites: 0 });
    expect(before.stations[0]!.activity.lastRequestAt).toBeUndefined();
    expect(before.stations[0]!.url).toBe(l.stations[0]!.tagsim.url);

    // The student's client: one good write, two refused items, one write refused whole.
    const student = apiClient(l.stations[0]!.tagsim.url!);
    expect((await student.put('/api/tag/values/by-name', [{ name: 'Load', value: true }])).json).toEqual([]);
    await student.put('/api/tag/values/by-name', [
      { name: 'High sensor', value: true },
      { name: 'nope', value: 1 },
    ]);
    expect(
      (await rawRequest(l.stations[0]!.tagsim.url!, 'PUT', '/api/tag/values', { body: '{' })).status,
    ).toBe(400);
    const after = await overview(l);
    const activity = after.stations[0]!.activity;
    expect(activity).toMatchObject({
      clients: 1,
      refusedWrites: 3,
      lastRefusal: '400 on PUT /api/tag/values',
    });
    expect(activity.lastRequestAt).toBeGreaterThanOrEqual(before.now);
    expect(after.stations[1]!.activity.refusedWrites).toBe(0);
  });

  it('runs, pauses and resets all stations or some', async () => {
    const l = await lab();
    expect((await act(l, { action: 'run', stations: [1, 3] })).json).toEqual({
      results: [
        { station: 1, ok: true },
        { station: 3, ok: true },
      ],
    });
    expect(l.stations.map((s) => s.tagsim.simulation.status.state)).toEqual([
      'running',
      'stopped',
      'running',
    ]);
    // Pausing a simulation that never ran leaves it stopped, as the window's Pause does.
    await act(l, { action: 'pause', stations: 'all' });
    expect(l.stations.map((s) => s.tagsim.simulation.status.state)).toEqual(['paused', 'stopped', 'paused']);
    l.stations[0]!.tagsim.simulation.simulation.advance(500);
    l.stations[0]!.tagsim.simulation.run();
    l.stations[0]!.tagsim.simulation.simulation.advance(500);
    expect(l.stations[0]!.tagsim.simulation.status.timeMs).toBeGreaterThan(0);
    // Paused first: a running station's shared ticker may move it on before the check below.
    l.stations[0]!.tagsim.simulation.pause();
    await act(l, { action: 'reset', stations: [1] });
    expect(l.stations[0]!.tagsim.simulation.status.timeMs).toBe(0);
  });

  it('applies a fault by tag name to some stations, lists it, and clears it; a missing tag is told per station', async () => {
    const l = await lab({ stations: [{}, { scene: { builtin: 'Filling Tank' } }, {}] });
    const applied = await act(l, {
      action: 'applyFault',
      stations: 'all',
      fault: { tag: 'High sensor', kind: 'force', value: true, hidden: true },
    });
    expect(applied.json).toEqual({
      results: [
        { station: 1, ok: true },
        { station: 2, ok: false, error: 'no tag is named "High sensor" in "Filling Tank"' },
        { station: 3, ok: true },
      ],
    });
    const high = l.stations[0]!.tagsim.engine.tagsNamed('High sensor')[0]!;
    expect(await apiClient(l.stations[0]!.tagsim.url!).get(`/api/tags/${high.id}`)).toMatchObject({
      json: { isForced: true, value: true },
    });
    expect((await overview(l)).stations[0]!.faults).toEqual([
      {
        id: high.id,
        name: 'High sensor',
        tagKind: 'Input',
        forced: true,
        failure: 'none',
        hidden: true,
        locked: false,
      },
    ]);
    const tags = (await dashboardRequest(l, 'GET', '/api/stations/1/tags')).json as {
      name: string;
      hidden: boolean;
    }[];
    expect(tags.find((t) => t.name === 'High sensor')).toMatchObject({ isForced: true, hidden: true });

    await act(l, { action: 'clearFault', stations: [1], tag: 'High sensor', kind: 'force' });
    expect(l.stations[0]!.tagsim.engine.getTag(high.id)!.isForced).toBe(false);
    expect(l.stations[0]!.hidden.size).toBe(0);
    expect(l.stations[2]!.tagsim.engine.getTag(high.id)!.isForced).toBe(true);
    await act(l, { action: 'clearAllFaults', stations: 'all' });
    expect((await overview(l)).stations.flatMap((s) => s.faults)).toEqual([]);
  });

  it("faults and clears one tag by its id where several share a name (the scene's unnamed '-' beams)", async () => {
    const l = await lab();
    const { engine } = l.stations[0]!.tagsim;
    const beams = engine.tagsNamed('-');
    expect(beams.length).toBeGreaterThan(1);
    const [one, other] = beams;
    const applied = await act(l, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: '-', id: one!.id, kind: 'alwaysOn' },
    });
    expect(applied.json).toEqual({ results: [{ station: 1, ok: true }] });
    await act(l, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: '-', id: other!.id, kind: 'alwaysOff' },
    });
    expect(
      engine
        .tagsNamed('-')
        .filter((t) => t.shortCircuit || t.openCircuit)
        .map((t) => t.id),
    ).toEqual([one!.id, other!.id]);
    await act(l, { action: 'clearFault', stations: [1], tag: '-', id: one!.id, kind: 'all' });
    expect(engine.getTag(one!.id)).toMatchObject({ shortCircuit: false });
    expect(engine.getTag(other!.id)).toMatchObject({ openCircuit: true });
    // An id of another name, or none of the scene, is told and changes nothing.
    const wrong = await act(l, {
      action: 'applyFault',
      stations: [1],
      fault: { tag: 'High sensor', id: other!.id, kind: 'alwaysOn' },
    });
    expect(wrong.json).toEqual({
      results: [
        {
          station: 1,
          ok: false,
          error: `no tag with the id "${other!.id}" is named "High sensor" in "Sorting by Height (Basic)"`,
        },
      ],
    });
    expect(engine.tagsNamed('High sensor')[0]).toMatchObject({ shortCircuit: false });
  });

  it('refuses a bad action with every problem and changes nothing', async () => {
    const l = await lab();
    const cases: [unknown, number, string][] = [
      [
        { action: 'jump', stations: 'all' },
        400,
        'action: must be one of run, pause, reset, applyFault, clearFault, clearAllFaults; got "jump"',
      ],
      [{ action: 'run', stations: [4] }, 400, 'There is no station 4; this lab has 3.'],
      [
        { action: 'applyFault', stations: [1, 4], fault: { tag: 'Load', kind: 'force' } },
        400,
        'fault.value: a force needs the value to force (true/false, or a number); stations: there is no station 4; this lab has 3',
      ],
      [
        { action: 'run', stations: [] },
        400,
        'stations: must be "all" or a non-empty list of distinct station numbers (1 to 64); got []',
      ],
      [{ action: 'run' }, 400, 'stations: must be "all"'],
      [
        { action: 'applyFault', stations: 'all', fault: { tag: 'Load', kind: 'alwaysOn', value: 3 } },
        400,
        'fault.value: alwaysOn takes no value; remove it',
      ],
      [
        { action: 'clearFault', stations: 'all', tag: '', kind: 'all' },
        400,
        "tag: must be a tag's name of at most 200 characters, not blank",
      ],
      ['run', 400, 'an action is an object'],
    ];
    for (const [action, status, message] of cases) {
      const answer = await act(l, action);
      expect(answer.status, JSON.stringify(action)).toBe(status);
      expect((answer.json as { error: string }).error).toContain(message);
    }
    expect((await dashboardRequest(l, 'POST', '/api/actions')).status).toBe(400);
    expect((await dashboardRequest(l, 'POST', '/api/actions', { body: '{"action":' })).status).toBe(400);
    const huge = await dashboardRequest(l, 'POST', '/api/actions', { body: `"${'x'.repeat(70_000)}"` });
    expect(huge.status).toBe(413);
    expect(l.stations.map((s) => s.tagsim.simulation.status.state)).toEqual([
      'stopped',
      'stopped',
      'stopped',
    ]);
    expect(l.log.entries).toEqual([]);
  });

  it('starts a fault schedule sent as JSON, or says every problem and starts nothing', async () => {
    const l = await lab({ stations: [{}, { scene: { builtin: 'Filling Tank' } }] });
    const post = (body: string) => dashboardRequest(l, 'POST', '/api/schedules', { body });
    const wrong = await post(
      JSON.stringify({ faults: [{ at: 0, fault: { tag: 'Load', kind: 'alwaysOn' } }] }),
    );
    expect(wrong.status).toBe(400);
    expect((wrong.json as { error: string }).error).toBe(
      `The schedule has problems: faults[0].fault.tag (station 2, "Filling Tank"): no tag is named 'Load' in this scene`,
    );
    expect((await post('{"faults": [{}]}')).status).toBe(400);
    expect((await post('not json')).status).toBe(400);
    expect(l.schedules).toEqual([]);

    const started = await post(
      JSON.stringify({
        faults: [{ name: 'now', at: 0, stations: [1], fault: { tag: 'Load', kind: 'alwaysOn' } }],
      }),
    );
    expect(started.json).toEqual({ tasks: [{ name: 'now', station: 1, state: 'waiting' }] });
    await expect
      .poll(() => l.stations[0]!.tagsim.engine.tagsNamed('Load')[0]!.shortCircuit, { timeout: 5000 })
      .toBe(true);
    expect((await overview(l)).schedule).toEqual([{ name: 'now', station: 1, state: 'on' }]);

    // Every scheduled fault is listed every second: a lab runs a bounded number of them.
    const many = {
      faults: Array.from({ length: 500 }, () => ({
        at: 9e6,
        fault: { tag: 'FACTORY I/O (Pause)', kind: 'alwaysOn' },
      })),
    };
    expect((await post(JSON.stringify(many))).status).toBe(200);
    const tooMany = await post(JSON.stringify(many));
    expect((tooMany.json as { error: string }).error).toBe(
      'The schedule has problems: faults: would make 2001 faults to inject on stations in this lab; a lab runs at most 2000 in all (restart it for more)',
    );
    expect(l.schedules).toHaveLength(2);
  });

  it('exports the fault log per station as CSV and as an HTML page with everything escaped', async () => {
    const l = await lab();
    await act(l, {
      action: 'applyFault',
      stations: [2],
      fault: { tag: 'Low sensor', kind: 'alwaysOff', hidden: true },
    });
    await act(l, { action: 'applyFault', stations: [1], fault: { tag: '<b>=1+2</b>', kind: 'alwaysOn' } });
    const csv = await dashboardRequest(l, 'GET', '/api/faults/report.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(
      'time,station,action,tag,kind,value,hidden,by,error,client,method,path,body,status,item_errors',
    );
    expect(lines[1]).toMatch(
      /^\S+Z,1,applied,<b>=1\+2<\/b>,Always On,,no,instructor,"no tag is named ""<b>=1\+2<\/b>"" in ""Sorting by Height \(Basic\)""",,,,,,$/,
    );
    expect(lines[2]).toMatch(/^\S+Z,2,applied,Low sensor,Always Off,,yes,instructor,,,,,,,$/);
    const html = await dashboardRequest(l, 'GET', '/api/faults/report.html');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(html.text).not.toContain('<b>');
    expect(html.text).toContain('&#60;b&#62;=1+2&#60;/b&#62;');
    expect(html.text).toContain('<h2>Station 2: Sorting by Height (Basic)</h2>');
  });
});
