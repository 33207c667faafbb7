import { faultKindLabel } from '../core/fault-words.js';
import type { FaultLogEntry } from './fault-log.js';
import { bodyExcerpt, itemErrorsText, type ClientWrite, type FaultWrites } from './fault-writes.js';

/** The columns of a fault's row, in order: one row per fault put on or taken off a station. */
const COLUMNS = ['time', 'station', 'action', 'tag', 'kind', 'value', 'hidden', 'by', 'error'] as const;
/** The columns of a client's write around a fault (the CSV's last columns, the HTML's own table). */
const WRITE_COLUMNS = ['client', 'method', 'path', 'body', 'status', 'item_errors'] as const;

/** The writes of the students' clients around each fault (fault-writes.ts), when the report has them. */
export type WritesByFault = ReadonlyMap<FaultLogEntry, FaultWrites>;

function writeCells(write: ClientWrite): Record<(typeof WRITE_COLUMNS)[number], string> {
  return {
    client: write.client,
    method: write.method,
    path: write.path,
    body: bodyExcerpt(write.body),
    status: write.status === null ? 'dropped' : String(write.status),
    item_errors: itemErrorsText(write),
  };
}

const leftOutText = (n: number) =>
  `${n} more write${n === 1 ? '' : 's'} in this fault's window left out of the report`;

/** A fault's row as the report writes it, column by column (the class report lists them too). */
export function faultLogCells(entry: FaultLogEntry): Record<(typeof COLUMNS)[number], string> {
  return {
    time: new Date(entry.at).toISOString(),
    station: String(entry.station),
    action: entry.action,
    tag: entry.tag === '' ? '(every tag)' : entry.tag,
    kind: faultKindLabel(entry.kind, entry.value),
    value: entry.value === undefined ? '' : String(entry.value),
    hidden: entry.hidden ? (entry.locked ? 'yes, locked' : 'yes') : 'no',
    by: entry.by,
    error: entry.error ?? '',
  };
}

/** The entries by station, then time: a per-station log. */
function byStation(entries: readonly FaultLogEntry[]): FaultLogEntry[] {
  return [...entries].sort((a, b) => a.station - b.station || a.at - b.at);
}

/**
 * The fault log as CSV (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line
 * break). A field that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is
 * prefixed with a quote mark, so a tag's name cannot become one.
 */
export function faultLogCsv(entries: readonly FaultLogEntry[], writes?: WritesByFault): string {
  const line = (row: Record<string, string>) =>
    [...COLUMNS, ...(writes ? WRITE_COLUMNS : [])].map((c) => csvField(row[c] ?? '')).join(',');
  const rows = byStation(entries).flatMap((e) => {
    const around = writes?.get(e);
    const fault = { station: String(e.station), tag: e.tag, kind: faultKindLabel(e.kind, e.value) };
    return [
      line(faultLogCells(e)),
      ...(around?.writes ?? []).map((w) =>
        line({ ...fault, time: new Date(w.at).toISOString(), action: 'client write', ...writeCells(w) }),
      ),
      ...(around && around.leftOut > 0
        ? [line({ ...fault, action: 'writes left out', error: leftOutText(around.leftOut) })]
        : []),
    ];
  });
  const header = [...COLUMNS, ...(writes ? WRITE_COLUMNS : [])].join(',');
  return [header, ...rows].map((row) => `${row}\r\n`).join('');
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; prefixed with a
 * quote mark when a spreadsheet would run it as a formula (=, +, -, @, tab, CR first).
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Text for HTML: every character with a meaning in markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The fault log as one readable HTML page: a table per station, oldest first. Everything that
 * came from a file or a request (tag names, labels, errors) is escaped; the page has no script
 * and its own policy allows none.
 */
export function faultLogHtml(
  entries: readonly FaultLogEntry[],
  options: {
    title: string;
    generatedAt: number;
    dropped?: number;
    stationNames?: ReadonlyMap<number, string>;
    /** The clients' writes around each fault, listed under its row. */
    writes?: WritesByFault;
  },
): string {
  const sorted = byStation(entries);
  const stations = [...new Set(sorted.map((e) => e.station))];
  const head = COLUMNS.filter((c) => c !== 'station')
    .map((c) => `<th>${c}</th>`)
    .join('');
  const sections = stations.map((station) => {
    const rows = sorted
      .filter((e) => e.station === station)
      .map((e) => {
        const row = faultLogCells(e);
        const cls = e.error ? ' class="refused"' : e.hidden ? ' class="hidden"' : '';
        const tds = COLUMNS.filter((c) => c !== 'station')
          .map((c) => `<td>${escapeHtml(row[c])}</td>`)
          .join('');
        const around = options.writes?.get(e);
        return `<tr${cls}>${tds}</tr>${around ? writesRow(around) : ''}`;
      })
      .join('\n');
    const name = options.stationNames?.get(station);
    const title = `Station ${station}${name ? `: ${escapeHtml(name)}` : ''}`;
    return `<h2>${title}</h2>\n<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`;
  });
  const dropped = options.dropped
    ? `<p>The ${options.dropped} oldest entries were dropped to keep the log bounded.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(options.title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; }
table { border-collapse: collapse; margin-bottom: 24px; }
th, td { border: 1px solid #ccd; padding: 3px 8px; text-align: left; }
tr.hidden td { background: #f1ebfc; }
tr.refused td { background: #fde7e7; }
tr.writes > td { padding: 4px 8px 12px 32px; border-top: none; }
tr.writes table { margin: 0; font-size: 13px; }
tr.writes td { white-space: pre-wrap; word-break: break-all; }
</style>
</head>
<body>
<h1>${escapeHtml(options.title)}</h1>
<p>Generated ${escapeHtml(new Date(options.generatedAt).toISOString())}; ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}.</p>
${dropped}
${sections.length > 0 ? sections.join('\n') : '<p>No fault has been injected yet.</p>'}
</body>
</html>
`;
}

/** The row under a fault that lists its clients' writes: a table, or a line saying there were none. */
function writesRow(around: FaultWrites): string {
  const span = COLUMNS.length - 1;
  if (around.writes.length === 0)
    return `<tr class="writes"><td colspan="${span}">No write from the station's clients in this fault's window.</td></tr>`;
  const head = ['time', ...WRITE_COLUMNS].map((c) => `<th>${c.replace('_', ' ')}</th>`).join('');
  const rows = around.writes
    .map((w) => {
      const row: Record<string, string> = { time: new Date(w.at).toISOString(), ...writeCells(w) };
      return `<tr>${['time', ...WRITE_COLUMNS].map((c) => `<td>${escapeHtml(row[c] ?? '')}</td>`).join('')}</tr>`;
    })
    .join('');
  const leftOut = around.leftOut > 0 ? `<p>${leftOutText(around.leftOut)}.</p>` : '';
  return `<tr class="writes"><td colspan="${span}"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>${leftOut}</td></tr>`;
}
