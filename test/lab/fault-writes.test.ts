// The clients' writes around each fault: which ones a fault's window holds, the cap, and a
// hostile client's body in the report's CSV (no formula) and HTML (no markup).
import { describe, expect, it } from 'vitest';
import type { FaultLogEntry } from '../../shared/lab/fault-log.js';
import { faultLogCsv, faultLogHtml } from '../../shared/lab/fault-report.js';
import {
  MAX_WRITES_PER_FAULT,
  WRITES_AFTER_CLEAR_MS,
  writesAroundFaults,
  type ClientWrite,
} from '../../shared/lab/fault-writes.js';

const at = Date.UTC(2025, 0, 6, 9, 30, 0);
const applied: FaultLogEntry = {
  at,
  station: 1,
  action: 'applied',
  tag: 'High sensor',
  kind: 'alwaysOff',
  hidden: true,
  by: 'instructor',
};
const cleared: FaultLogEntry = { ...applied, at: at + 5000, action: 'cleared' };
const write = (offset: number, over: Partial<ClientWrite> = {}): ClientWrite => ({
  at: at + offset,
  client: '127.0.0.1:50000',
  method: 'PUT',
  path: '/api/tag/values/by-name',
  body: `[{"name":"Conveyor","value":${offset}}]`,
  status: 200,
  itemErrors: [],
  itemErrorCount: 0,
  ...over,
});

describe("the clients' writes around each fault", () => {
  it('lists the writes from just before the fault until a while after it came off', () => {
    const writes = [
      write(-60_000),
      write(100),
      write(4000),
      write(5000 + WRITES_AFTER_CLEAR_MS),
      write(5001 + WRITES_AFTER_CLEAR_MS),
    ];
    const found = writesAroundFaults([applied, cleared], () => writes, at + 999_999);
    expect(found.get(applied)?.writes.map((w) => w.at - at)).toEqual([
      100,
      4000,
      5000 + WRITES_AFTER_CLEAR_MS,
    ]);
    expect(found.get(applied)?.leftOut).toBe(0);
    expect(found.has(cleared)).toBe(false);
    // Still on: until now, and a while after.
    expect(writesAroundFaults([applied], () => writes, at + 200).get(applied)?.writes).toHaveLength(2);
  });

  it("ends a fault's window where the student's client replaced it, not where it defeated it", () => {
    const writes = [write(100), write(5000 + WRITES_AFTER_CLEAR_MS + 1)];
    const by = "the station's client";
    const replaced: FaultLogEntry = { ...cleared, action: 'replaced', by };
    const defeated: FaultLogEntry = { ...cleared, action: 'defeated', by };
    const now = at + 999_999;
    expect(writesAroundFaults([applied, replaced], () => writes, now).get(applied)?.writes).toHaveLength(1);
    expect(writesAroundFaults([applied, defeated], () => writes, now).get(applied)?.writes).toHaveLength(2);
  });

  it('caps the writes of one fault and counts the rest', () => {
    const many = Array.from({ length: MAX_WRITES_PER_FAULT + 7 }, (_, i) => write(i));
    const found = writesAroundFaults([applied], () => many, at + 100).get(applied)!;
    expect(found.writes).toHaveLength(MAX_WRITES_PER_FAULT);
    expect(found.leftOut).toBe(7);
    const csv = faultLogCsv([applied], new Map([[applied, found]]));
    expect(csv).toContain(
      ",1,writes left out,High sensor,Always Off,,,,7 more writes in this fault's window left out of the report,",
    );
    expect(
      faultLogHtml([applied], { title: 't', generatedAt: at, writes: new Map([[applied, found]]) }),
    ).toContain("<p>7 more writes in this fault's window left out of the report.</p>");
  });

  it("escapes a hostile client's body in the HTML and defuses formulas in the CSV", () => {
    const hostile = [
      write(10, {
        body: '<script>alert(1)</script>',
        itemErrors: [{ name: '<img src=x>', code: 404, error: "Tag named '<img src=x>' not found." }],
        itemErrorCount: 3,
      }),
      write(20, { body: '=HYPERLINK("http://x")' }),
      write(30, { body: '+1+1', path: '@SUM(A1)' }),
      write(40, { body: '-2', client: '@evil', status: null }),
    ];
    const writes = writesAroundFaults([applied], () => hostile, at + 100);
    const html = faultLogHtml([applied], { title: 'Lab', generatedAt: at, writes });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('<td>&#60;script&#62;alert(1)&#60;/script&#62;</td>');
    expect(html).toContain(
      '<td>&#60;img src=x&#62;: Tag named &#39;&#60;img src=x&#62;&#39; not found.; … and 2 more errors</td>',
    );
    const rows = faultLogCsv([applied], writes).split('\r\n');
    expect(rows[0]).toBe(
      'time,station,action,tag,kind,value,hidden,by,error,client,method,path,body,status,item_errors',
    );
    expect(rows[2]).toContain(',<script>alert(1)</script>,200,');
    expect(rows[3]).toContain(`,"'=HYPERLINK(""http://x"")",200,`);
    expect(rows[4]).toContain(",PUT,'@SUM(A1),'+1+1,200,");
    expect(rows[5]).toMatch(
      /,client write,High sensor,Always Off,,,,,'@evil,PUT,\/api\/tag\/values\/by-name,'-2,dropped,$/,
    );
    for (const row of rows.slice(1, -1))
      for (const cell of row.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
