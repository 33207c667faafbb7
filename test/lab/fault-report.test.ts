// The fault report's two exports: CSV a spreadsheet opens safely, HTML with everything escaped.
import { describe, expect, it } from 'vitest';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { escapeHtml, faultLogCsv, faultLogHtml } from '../../shared/lab/fault-report.js';

const at = Date.UTC(2025, 0, 6, 9, 30, 0);

describe('the fault report', () => {
  it('writes CSV by station then time, quoting what needs it and defusing formulas', () => {
    const csv = faultLogCsv([
      {
        at: at + 1000,
        station: 2,
        action: 'applied',
        tag: 'Load',
        kind: 'force',
        value: 5,
        hidden: true,
        by: 'lesson',
      },
      {
        at,
        station: 1,
        action: 'applied',
        tag: '=HYPERLINK("x")',
        kind: 'alwaysOn',
        hidden: false,
        by: 'a, "b"',
      },
      { at: at + 2000, station: 1, action: 'cleared', tag: '', kind: 'all', hidden: false, by: 'instructor' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'time,station,action,tag,kind,value,hidden,by,error',
      `2025-01-06T09:30:00.000Z,1,applied,"'=HYPERLINK(""x"")",Always On,,no,"a, ""b""",`,
      '2025-01-06T09:30:02.000Z,1,cleared,(every tag),Every fault,,no,instructor,',
      '2025-01-06T09:30:01.000Z,2,applied,Load,Forced to 5,5,yes,lesson,',
      '',
    ]);
  });

  it('writes one HTML page with a table per station and no markup from the log', () => {
    const html = faultLogHtml(
      [
        {
          at,
          station: 3,
          action: 'applied',
          tag: '<img src=x onerror=alert(1)>',
          kind: 'alwaysOff',
          hidden: false,
          by: "it's",
        },
      ],
      { title: 'Lab <1>', generatedAt: at, stationNames: new Map([[3, '<b>Bench</b>']]) },
    );
    expect(html).toContain('<title>Lab &#60;1&#62;</title>');
    expect(html).toContain('<h2>Station 3: &#60;b&#62;Bench&#60;/b&#62;</h2>');
    expect(html).toContain('<td>&#60;img src=x onerror=alert(1)&#62;</td>');
    expect(html).toContain('<td>it&#39;s</td>');
    // The window's words, not the API's: "Always Off", not alwaysOff.
    expect(html).toContain('<td>Always Off</td>');
    expect(html).not.toContain('alwaysOff');
    expect(html).not.toMatch(/<img|<b>/);
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it('keeps a bounded log, counting what it dropped', () => {
    const log = new FaultLog(2);
    for (let i = 0; i < 5; i++)
      log.add({
        at: i,
        station: 1,
        action: 'applied',
        tag: `t${i}`,
        kind: 'alwaysOn',
        hidden: false,
        by: 'x',
      });
    expect(log.entries.map((e) => e.tag)).toEqual(['t3', 't4']);
    expect(log.dropped).toBe(3);
  });
});
