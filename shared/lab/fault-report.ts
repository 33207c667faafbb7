import type { FaultLogEntry } from './fault-log.js';

/** The columns of the report, in order: one row per fault put on or taken off a station. */
const COLUMNS = ['time', 'station', 'action', 'tag', 'kind', 'value', 'hidden', 'by', 'error'] as const;

function cells(entry: FaultLogEntry): Record<(typeof COLUMNS)[number], string> {
  return {
    time: new Date(entry.at).toISOString(),
    station: String(entry.station),
    action: entry.action,
    tag: entry.tag === '' ? '(every tag)' : entry.tag,
    kind: entry.kind,
    value: entry.value === undefined ? '' : String(entry.value),
    hidden: entry.hidden ? 'yes' : 'no',
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
export function faultLogCsv(entries: readonly FaultLogEntry[]): string {
  const field = (text: string) => {
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows = byStation(entries).map((e) => {
    const row = cells(e);
    return COLUMNS.map((c) => field(row[c])).join(',');
  });
  return [COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
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
        const row = cells(e);
        const cls = e.error ? ' class="refused"' : e.hidden ? ' class="hidden"' : '';
        const tds = COLUMNS.filter((c) => c !== 'station')
          .map((c) => `<td>${escapeHtml(row[c])}</td>`)
          .join('');
        return `<tr${cls}>${tds}</tr>`;
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
