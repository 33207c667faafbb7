// The request journal over real HTTP (docs/control-api.md): every request to the tag API, on the
// direct path and through Koa, with what the client sent and what it got; bounded; filtered.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../main/journal/request-journal.js';
import { closeStations, startStation, type ControlStation } from './control-station.js';

afterEach(closeStations);

async function journal(station: ControlStation, query = ''): Promise<JournalEntry[]> {
  const answer = await station.call('GET', `requests${query}`);
  expect(answer.status).toBe(200);
  return answer.json as JournalEntry[];
}

describe('GET /tagsim/v1/requests', () => {
  it('lists every request to the tag API, newest first, with what was sent and answered', async () => {
    const station = await startStation();
    const loadId = station.tagsim.engine.tagsNamed('Load')[0]!.id;
    await station.client.get('/api/tags?name=Load');
    await station.client.put('/api/tag/values/by-name', [
      { name: 'Load', value: true },
      { name: 'Nope', value: 1 },
    ]);
    await station.client.get(`/api/tags/${loadId}`);
    await station.client.getWithJson('/api/tag/values', ['missing-id']);
    await station.client.get('/api/tag/valuez');

    const entries = await journal(station);
    expect(entries.map((e) => [e.method, e.path, e.query, e.status])).toEqual([
      ['GET', '/api/tag/valuez', '', 404],
      ['GET', '/api/tag/values', '', 200],
      ['GET', `/api/tags/${loadId}`, '', 200],
      ['PUT', '/api/tag/values/by-name', '', 200],
      ['GET', '/api/tags', 'name=Load', 200],
    ]);
    expect(entries.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    const write = entries[3]!;
    expect(write.body).toBe('[{"name":"Load","value":true},{"name":"Nope","value":1}]');
    expect(write.itemErrors).toEqual([{ name: 'Nope', code: 404, error: "Tag named 'Nope' not found." }]);
    expect(write.chaos).toBeNull();
    expect(write.client).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(Date.parse(write.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(write.durationMs).toBeGreaterThanOrEqual(0);
    expect(entries[1]!.itemErrors).toEqual([{ id: 'missing-id', code: 404, error: expect.any(String) }]);
    expect(entries[4]).toMatchObject({ body: null, itemErrors: null });
  });

  it('keeps the first 4 KiB of a body as read, decoded', async () => {
    const station = await startStation();
    const items = Array.from({ length: 200 }, (_, i) => ({ name: `Tag ${i}`, value: i }));
    const text = JSON.stringify(items);
    await station.client.request('PUT', '/api/tag/values/by-name', {
      body: gzipSync(text),
      headers: { 'Content-Encoding': 'gzip' },
    });
    const [entry] = await journal(station);
    expect(text.length).toBeGreaterThan(4096);
    expect(entry!.body).toBe(text.slice(0, 4096));
    // The first 16 item errors are kept, and the count of all of them.
    expect(entry!.itemErrors).toHaveLength(16);
    expect(entry!.itemErrorCount).toBe(200);
  });

  it('keeps the body of a write that is not JSON, as the client sent it', async () => {
    const station = await startStation();
    for (const body of ['[{"name":', '[{"name":"Counter","value":1},]']) {
      const answer = await station.client.request('PUT', '/api/tag/values/by-name', { body });
      expect(answer.status).toBe(400);
      const [entry] = await journal(station);
      expect(entry).toMatchObject({ method: 'PUT', status: 400, body });
    }
  });

  it('filters by path wildcard and status, and limits', async () => {
    const station = await startStation();
    await station.client.get('/api/tags');
    await station.client.get('/api/tag/values');
    await station.client.put('/api/tag/values', 'not an array');
    await station.client.get('/nope');
    const paths = (entries: JournalEntry[]) => entries.map((e) => `${e.status} ${e.path}`);
    expect(paths(await journal(station, '?path=/api/tag/*'))).toEqual([
      '400 /api/tag/values',
      '200 /api/tag/values',
    ]);
    expect(paths(await journal(station, '?status=4xx'))).toEqual(['404 /nope', '400 /api/tag/values']);
    expect(paths(await journal(station, '?status=200&limit=1'))).toEqual(['200 /api/tag/values']);
    expect(paths(await journal(station, '?path=/API/TAGS'))).toEqual(['200 /api/tags']);
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 10000; got "0".'],
    ['?limit=abc', 'limit must be a whole number from 1 to 10000; got "abc".'],
    ['?status=2', 'status must be a status like 404 or a class like 4xx; got "2".'],
    ['?stauts=404', 'Unknown query parameter "stauts"; known: limit, before, path, status.'],
    ['?before=0', 'before must be the seq of an entry (a whole number from 1); got "0".'],
    ['?before=-5', 'before must be the seq of an entry (a whole number from 1); got "-5".'],
  ])('refuses %s', async (query, message) => {
    const station = await startStation();
    const answer = await station.call('GET', `requests${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 400, error: message });
  });

  it('keeps only the newest entries, as many as it holds, and leaves the control API out', async () => {
    const station = await startStation({ control: { journal: 3 } });
    for (let i = 0; i < 5; i++) await station.client.get(`/api/tags?name=${i}`);
    await station.call('GET', 'status');
    const entries = await journal(station);
    expect(entries.map((e) => [e.seq, e.query])).toEqual([
      [5, 'name=4'],
      [4, 'name=3'],
      [3, 'name=2'],
    ]);
  });

  it("leaves out the browser window's own paths", async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-journal-ui-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>TagSim</title>');
    const station = await startStation({ ui: { rendererDir, token: 'journal-token-123456' } });
    await station.client.get('/ui/');
    await station.client.get('/ui/missing.js');
    await station.client.get('/api/tags?name=x');
    expect((await journal(station)).map((e) => e.path)).toEqual(['/api/tags']);
  });
});

describe('DELETE /tagsim/v1/requests', () => {
  it('clears the journal; the sequence numbers go on', async () => {
    const station = await startStation();
    await station.client.get('/api/tags');
    await station.client.get('/api/tags');
    expect((await station.call('DELETE', 'requests')).json).toEqual({ cleared: 2 });
    expect(await journal(station)).toEqual([]);
    await station.client.get('/api/tags');
    expect((await journal(station)).map((e) => e.seq)).toEqual([3]);
  });
});

describe('a journal turned off (--journal 0)', () => {
  it('is refused with 409, and the tag API serves as ever', async () => {
    const station = await startStation({ control: { journal: 0 } });
    expect((await station.client.get('/api/tags')).status).toBe(200);
    const answer = await station.call('GET', 'requests');
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({
      code: 409,
      error: 'The request journal is off (TagSim was started with --journal 0).',
    });
  });
});
