import { countChecks, type CheckResult } from './scenario-results.js';

/** One test case: a scenario's check, an exercise's criterion; `kind` is its failure's type. */
export type JunitCase = Omit<CheckResult, 'kind' | 'path'> & { readonly kind: string };

/** What a report is made of: a scenario's run, an exercise's grade (docs/lab.md). */
export interface JunitSuite {
  readonly name: string;
  readonly checks: readonly JunitCase[];
  /** The time of the whole suite, in ms. */
  readonly wallMs: number;
  /** The progress lines: the suite's `<system-out>`. */
  readonly log: readonly string[];
}

export interface JunitOptions {
  /** When the run started, ISO 8601 (`2025-05-01T12:00:00.000Z`); the report keeps seconds, UTC. */
  readonly timestamp: string;
  readonly hostname?: string;
  /** `<properties>`: the scene, the seed, what time the steps were on... */
  readonly properties?: readonly (readonly [string, string])[];
}

/**
 * The JUnit XML report of a run: one `<testsuite>` named after the scenario, one `<testcase>` per
 * waitFor and expect and one for the run itself (its time limit, an action that failed, an
 * interruption). A failed check has `<failure message="expected ...; actual: ...">` with the
 * details as its text; a check that never ran is `<skipped>`. Times are real seconds; the
 * progress lines are the suite's `<system-out>`.
 */
export function renderJunit(result: JunitSuite, options: JunitOptions): string {
  const counts = countChecks(result.checks);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuite${attributes([
      ['name', result.name],
      ['tests', String(result.checks.length)],
      ['failures', String(counts.failed)],
      ['errors', String(counts.errors)],
      ['skipped', String(counts.skipped)],
      ['time', seconds(result.wallMs)],
      ['timestamp', junitTimestamp(options.timestamp)],
      ...(options.hostname ? [['hostname', options.hostname] as const] : []),
    ])}>`,
  );
  const properties = options.properties ?? [];
  if (properties.length > 0) {
    out.push('  <properties>');
    for (const [name, value] of properties)
      out.push(
        `    <property${attributes([
          ['name', name],
          ['value', value],
        ])}/>`,
      );
    out.push('  </properties>');
  }
  for (const check of result.checks) out.push(...testcase(check, result.name));
  out.push(`  <system-out>${escapeXmlText(result.log.join('\n'))}</system-out>`);
  out.push('</testsuite>');
  return `${out.join('\n')}\n`;
}

function testcase(check: JunitCase, classname: string): string[] {
  const open = `  <testcase${attributes([
    ['name', check.name],
    ['classname', classname],
    ['time', seconds(check.wallMs)],
  ])}`;
  if (check.status === 'passed') return [`${open}/>`];
  const element = check.status === 'failed' ? 'failure' : check.status === 'error' ? 'error' : 'skipped';
  const attrs = attributes([
    ['message', check.message ?? ''],
    ...(element === 'skipped' ? [] : [['type', check.kind] as const]),
  ]);
  const inner = check.detail
    ? `    <${element}${attrs}>${escapeXmlText(check.detail)}</${element}>`
    : `    <${element}${attrs}/>`;
  return [`${open}>`, inner, '  </testcase>'];
}

function attributes(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`).join('');
}

/** Seconds with millisecond precision: `12.345`. */
function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/**
 * JUnit's timestamp is an ISO 8601 date and time without a zone (`2025-05-01T12:00:00`): the
 * given time in UTC, to the second.
 */
function junitTimestamp(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(iso);
  return match ? match[1]! : iso;
}

/**
 * Text that XML 1.0 can hold: characters it forbids (control characters other than tab, line
 * feed and carriage return; unpaired surrogates; U+FFFE and U+FFFF) become U+FFFD.
 */
function xmlChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const allowed =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      (c >= 0x10000 && c <= 0x10ffff);
    out += allowed ? ch : '\ufffd';
  }
  return out;
}

/** Escapes element text: `&`, `<`, `>` (so `]]>` never appears) and carriage returns (kept as such). */
export function escapeXmlText(text: string): string {
  return xmlChars(text).replace(/[&<>\r]/g, (ch) => TEXT_ENTITIES[ch]!);
}

/** Escapes an attribute value, quotes and line breaks included (a parser would turn them into spaces). */
export function escapeXmlAttribute(text: string): string {
  return xmlChars(text).replace(/[&<>"'\t\n\r]/g, (ch) => ATTRIBUTE_ENTITIES[ch]!);
}

const TEXT_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
};
const ATTRIBUTE_ENTITIES: Readonly<Record<string, string>> = {
  ...TEXT_ENTITIES,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

/**
 * The report of a run that could not start (a scenario file with problems, an unknown scene, a
 * taken port): one test case in error, so that CI shows why instead of a missing file.
 */
export function renderJunitError(
  suiteName: string,
  message: string,
  detail: string,
  options: Pick<JunitOptions, 'timestamp'>,
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite${attributes([
      ['name', suiteName],
      ['tests', '1'],
      ['failures', '0'],
      ['errors', '1'],
      ['skipped', '0'],
      ['time', '0.000'],
      ['timestamp', junitTimestamp(options.timestamp)],
    ])}>`,
    `  <testcase${attributes([
      ['name', 'scenario can run'],
      ['classname', suiteName],
      ['time', '0.000'],
    ])}>`,
    detail
      ? `    <error${attributes([
          ['message', message],
          ['type', 'run'],
        ])}>${escapeXmlText(detail)}</error>`
      : `    <error${attributes([
          ['message', message],
          ['type', 'run'],
        ])}/>`,
    '  </testcase>',
    '</testsuite>',
    '',
  ].join('\n');
}
