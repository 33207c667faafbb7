// The lab's report over real HTTP: a fault injected from the dashboard, the student's client
// writing to its station, and that write in the report's CSV and HTML, hostile body escaped.
import { afterEach, describe, expect, it } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import { apiClient } from '../support/http-client.js';
import { act, dashboardRequest, startTestLab } from './support.js';

const open: Lab[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((lab) => lab.close()));
});

describe("the lab's report of the students' writes", () => {
  it("lists what the student's client wrote while a fault was on, in the CSV and the HTML", async () => {
    const lab = await startTestLab({ stations: [{}, {}] });
    open.push(lab);
    const student = apiClient(lab.stations[1]!.tagsim.url!);
    // Reads are not writes: the journal of a lab station keeps only writes.
    await student.get('/api/tag/values');
    await act(lab, {
      action: 'applyFault',
      stations: [2],
      fault: { tag: 'High sensor', kind: 'alwaysOff', hidden: true },
    });
    await student.put('/api/tag/values/by-name', [
      { name: 'Load', value: true },
      { name: '<script>alert(1)</script>', value: 1 },
    ]);
    await act(lab, { action: 'clearFault', stations: [2], tag: 'High sensor', kind: 'all' });

    const csv = (await dashboardRequest(lab, 'GET', '/api/faults/report.csv')).text.split('\r\n');
    const writes = csv.filter((line) => line.includes(',client write,'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(
      /^\S+Z,2,client write,High sensor,Always Off,,,,,127\.0\.0\.1:\d+,PUT,\/api\/tag\/values\/by-name,"\[\{""name"":""Load"",""value"":true\},\{""name"":""<script>alert\(1\)<\/script>"",""value"":1\}\]",200,<script>alert\(1\)<\/script>: Tag named '<script>alert\(1\)<\/script>' not found\.$/,
    );
    expect(csv.some((line) => line.includes('GET'))).toBe(false);

    const html = await dashboardRequest(lab, 'GET', '/api/faults/report.html');
    expect(html.status).toBe(200);
    expect(html.text).not.toContain('<script');
    expect(html.text).toContain('<td>PUT</td><td>/api/tag/values/by-name</td>');
    expect(html.text).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    // The journal the report reads: the writes only.
    const journal = await lab.stations[1]!.tagsim.control!.journal!.list({ limit: 10 });
    expect(journal.map((e) => e.method)).toEqual(['PUT']);
  });
});
