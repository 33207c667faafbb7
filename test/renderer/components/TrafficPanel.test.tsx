// @vitest-environment happy-dom
// The Traffic panel (docs/ui.md, "Traffic"): the journal newest first, refused requests and item
// errors marked, filters sent to the host, a request's body opened, and the journal being off.
import { describe, expect, it } from 'vitest';
import type { JournalView } from '../../../shared/bridge/control-spec.js';
import { TrafficPanel } from '../../../renderer/components/traffic/TrafficPanel.js';
import { TRAFFIC_WINDOW, TrafficModel } from '../../../renderer/state/traffic-model.js';
import { button, click, field, mount, typeInto } from './harness.js';
import { entry, eventfulClient, settleFrames } from './traffic-client.js';

const WRITE = entry({
  seq: 2,
  method: 'PUT',
  path: '/api/tag/values/by-name',
  body: '[{"name":"Load","value":true},{"name":"Nope","value":1}]',
  itemErrors: [{ name: 'Nope', code: 404, error: "Tag named 'Nope' not found." }],
  itemErrorCount: 1,
});
const REFUSED = entry({ seq: 3, method: 'PUT', path: '/api/tag/values', status: 400, chaos: null });
const CHAOS = entry({ seq: 4, status: 503, chaos: { rule: 0, latencyMs: 200, status: 503 } });
const journal = (entries = [CHAOS, REFUSED, WRITE, entry({ seq: 1 })]): JournalView => ({
  enabled: true,
  entries,
  size: entries.length,
  capacity: 10_000,
});

async function open(answer: (args: unknown) => JournalView = () => journal()) {
  const fake = eventfulClient({ listRequests: answer, clearRequests: () => journal([]) });
  const traffic = new TrafficModel(fake.client);
  const stop = traffic.start();
  const { root } = mount(<TrafficPanel traffic={traffic} disabled={false} />);
  await settleFrames();
  return { ...fake, root, traffic, stop };
}

const rows = (root: HTMLElement) => [...root.querySelectorAll('tbody tr')] as HTMLElement[];

describe('TrafficPanel', () => {
  it('lists the journal newest first, asks for a bounded window, and marks refusals and item errors', async () => {
    const { root, calls } = await open();
    expect(calls[0]).toEqual({ method: 'listRequests', args: { limit: TRAFFIC_WINDOW } });
    expect(rows(root).map((row) => row.querySelector('button')!.textContent)).toEqual([
      'GET /api/tags',
      'PUT /api/tag/values',
      'PUT /api/tag/values/by-name',
      'GET /api/tags',
    ]);
    const [chaos, refused, write, plain] = rows(root);
    expect(chaos!.className).toContain('traffic-refused');
    expect(chaos!.textContent).toContain('chaos');
    expect(refused!.className).toContain('traffic-refused');
    expect(write!.className).toContain('traffic-item-error');
    expect(plain!.className).toBe('');
    expect(root.textContent).toContain('4 matching · 4 of 10,000 kept');
  });

  it("follows the host's pages (256 KiB each) until it has the window's entries", async () => {
    // A journal of 500 entries the host answers 60 at a time, as long bodies fill a page.
    const all = Array.from({ length: 500 }, (_, i) =>
      entry({ seq: 500 - i, method: 'PUT', path: '/api/tag/values' }),
    );
    const { root, calls } = await open((args) => {
      const { limit, before } = args as { limit: number; before?: number };
      const from = before === undefined ? 0 : all.findIndex((e) => e.seq < before);
      const entries = all.slice(from, from + Math.min(limit, 60));
      const last = entries.at(-1)!.seq;
      return { enabled: true, entries, size: all.length, capacity: 10_000, nextBefore: last };
    });
    expect(calls.map((c) => c.args)).toEqual([
      { limit: TRAFFIC_WINDOW },
      { limit: TRAFFIC_WINDOW - 60, before: 441 },
      { limit: TRAFFIC_WINDOW - 120, before: 381 },
      { limit: TRAFFIC_WINDOW - 180, before: 321 },
    ]);
    expect(rows(root).map((row) => row.querySelector('button')!.getAttribute('aria-label'))).toEqual(
      all.slice(0, TRAFFIC_WINDOW).map((e) => `Request ${e.seq}: PUT /api/tag/values`),
    );
    expect(root.textContent).toContain(`Newest ${TRAFFIC_WINDOW} matching · 500 of 10,000 kept`);
  });

  it('sends the path and status filters to the host, and shows its refusal of a bad one', async () => {
    const { root, calls } = await open((args) => {
      if ((args as { status?: string }).status === '6xx')
        throw new Error('The status filter must be a status (404) or a class (4xx); got 6xx.');
      return journal([WRITE]);
    });
    typeInto(field(root, 'Path'), '/api/tag/values*');
    await settleFrames();
    expect(calls.at(-1)).toEqual({
      method: 'listRequests',
      args: { limit: TRAFFIC_WINDOW, path: '/api/tag/values*' },
    });
    typeInto(field(root, 'Status'), '6xx');
    await settleFrames();
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('a class (4xx); got 6xx');
    typeInto(field(root, 'Status'), '2xx');
    await settleFrames();
    expect(calls.at(-1)?.args).toEqual({ limit: TRAFFIC_WINDOW, path: '/api/tag/values*', status: '2xx' });
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('opens a request: its body pretty-printed, its item errors and the chaos rule', async () => {
    const { root } = await open();
    click(button(root, 'Request 2: PUT /api/tag/values/by-name'));
    await settleFrames();
    const details = root.querySelector('[aria-label="Request details"]')!;
    expect(details.querySelector('pre')!.textContent).toContain('"name": "Nope"');
    expect(details.textContent).toContain("'Nope': 404 Tag named 'Nope' not found.");
    click(button(root, 'Request 4: GET /api/tags'));
    await settleFrames();
    expect(root.querySelector('[aria-label="Request details"]')!.textContent).toContain(
      'rule 0: held 200 ms, answered 503',
    );
    click(button(root, 'Close'));
    await settleFrames();
    expect(root.querySelector('[aria-label="Request details"]')).toBeNull();
  });

  it('loads again when the host says the journal changed', async () => {
    let served = journal([WRITE]);
    const { root, push } = await open(() => served);
    expect(rows(root)).toHaveLength(1);
    served = journal([REFUSED, WRITE]);
    push({ event: 'journal', payload: { lastSeq: 3, size: 2 } });
    await settleFrames();
    expect(rows(root)).toHaveLength(2);
  });

  it('says plainly when the journal is off', async () => {
    const { root } = await open(() => ({
      enabled: false,
      reason: 'The request journal is off (--journal 0).',
    }));
    expect(root.querySelector('[role="status"]')?.textContent).toBe(
      'The request journal is off (--journal 0).',
    );
    expect(root.querySelector('table')).toBeNull();
    expect(button(root, 'Clear journal').disabled).toBe(true);
  });
});
