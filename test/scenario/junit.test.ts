import { describe, expect, it } from 'vitest';
import {
  escapeXmlAttribute,
  escapeXmlText,
  renderJunit,
  renderJunitError,
} from '../../shared/scenario/junit.js';
import type { ScenarioResult } from '../../shared/scenario/scenario-run.js';
import { childElements, parseXmlStrict, textOf, XmlError } from './strict-xml.js';

const nasty = 'a & b < c > d "e" \'f\' ]]> \u0001\u0007 tab\there\nline\r\nend \ud800 ok \u{1F600}';

const result: ScenarioResult = {
  name: 'Sorts <ten> boxes & "more"',
  sceneName: 'Sorting by Height (Basic)',
  passed: false,
  endReason: 'waitFor failed',
  scenarioMs: 12_340,
  wallMs: 12_345.6,
  log: ['[   0.000 s] force High sensor = true', `[   1.000 s] log: ${nasty}`],
  checks: [
    {
      name: 'ten boxes',
      path: 'steps[4]',
      kind: 'waitFor',
      status: 'passed',
      message: undefined,
      detail: undefined,
      wallMs: 10_001,
    },
    {
      name: 'counter is ten',
      path: 'steps[5]',
      kind: 'expect',
      status: 'failed',
      message: 'expected Counter = 10; actual: Counter = 11',
      detail: 'condition: Counter = 10\nactual: Counter = 11',
      wallMs: 0,
    },
    {
      name: nasty,
      path: 'steps[6]',
      kind: 'expect',
      status: 'failed',
      message: nasty,
      detail: nasty,
      wallMs: 0,
    },
    {
      name: 'later',
      path: 'steps[7]',
      kind: 'expect',
      status: 'skipped',
      message: 'not run',
      detail: undefined,
      wallMs: 0,
    },
    {
      name: 'scenario finishes within 120 s',
      path: undefined,
      kind: 'run',
      status: 'error',
      message: 'interrupted (SIGINT)',
      detail: undefined,
      wallMs: 12_345.6,
    },
  ],
};

describe('the JUnit report', () => {
  const xml = renderJunit(result, {
    timestamp: '2025-05-01T12:34:56.789Z',
    hostname: 'ci-runner',
    properties: [
      ['scene', 'Sorting by Height (Basic)'],
      ['seed', '7'],
    ],
  });

  it('is well-formed XML, with one testsuite and a testcase per check', () => {
    const suite = parseXmlStrict(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuite ')).toBe(true);
    expect(suite.name).toBe('testsuite');
    expect(suite.attributes).toEqual({
      name: 'Sorts <ten> boxes & "more"',
      tests: '5',
      failures: '2',
      errors: '1',
      skipped: '1',
      time: '12.346',
      timestamp: '2025-05-01T12:34:56',
      hostname: 'ci-runner',
    });
    expect(childElements(suite).map((e) => e.name)).toEqual([
      'properties',
      'testcase',
      'testcase',
      'testcase',
      'testcase',
      'testcase',
      'system-out',
    ]);
    const properties = childElements(childElements(suite, 'properties')[0]!, 'property');
    expect(properties.map((p) => p.attributes)).toEqual([
      { name: 'scene', value: 'Sorting by Height (Basic)' },
      { name: 'seed', value: '7' },
    ]);
    const cases = childElements(suite, 'testcase');
    expect(cases.map((c) => [c.attributes['name'], c.attributes['time']])).toEqual([
      ['ten boxes', '10.001'],
      ['counter is ten', '0.000'],
      [expect.any(String), '0.000'],
      ['later', '0.000'],
      ['scenario finishes within 120 s', '12.346'],
    ]);
    expect(cases.every((c) => c.attributes['classname'] === result.name)).toBe(true);
    expect(childElements(cases[0]!)).toEqual([]);
    const failure = childElements(cases[1]!, 'failure')[0]!;
    expect(failure.attributes).toEqual({
      message: 'expected Counter = 10; actual: Counter = 11',
      type: 'expect',
    });
    expect(textOf(failure)).toBe('condition: Counter = 10\nactual: Counter = 11');
    expect(childElements(cases[3]!, 'skipped')[0]!.attributes).toEqual({ message: 'not run' });
    expect(childElements(cases[4]!, 'error')[0]!.attributes).toEqual({
      message: 'interrupted (SIGINT)',
      type: 'run',
    });
  });

  it('escapes every character that would break it, and keeps the rest as it was', () => {
    // What a conforming parser gives back: forbidden characters became U+FFFD, the rest is exact
    // (line breaks and tabs in attributes included: they were written as character references).
    const expected = nasty
      .replaceAll('\u0001', '\ufffd')
      .replaceAll('\u0007', '\ufffd')
      .replace('\ud800', '\ufffd');
    const suite = parseXmlStrict(xml);
    const odd = childElements(suite, 'testcase')[2]!;
    expect(odd.attributes['name']).toBe(expected);
    const failure = childElements(odd, 'failure')[0]!;
    expect(failure.attributes['message']).toBe(expected);
    expect(textOf(failure)).toBe(expected);
    expect(textOf(childElements(suite, 'system-out')[0]!)).toBe(
      `${result.log[0]}\n[   1.000 s] log: ${expected}`,
    );
    expect(xml).not.toContain(']]>');
    expect(escapeXmlText('a]]>b')).toBe('a]]&gt;b');
    expect(escapeXmlAttribute('"\'<&>\t\n\r')).toBe('&quot;&apos;&lt;&amp;&gt;&#9;&#10;&#13;');
  });

  it('says why in a report of a run that could not start', () => {
    const suite = parseXmlStrict(
      renderJunitError(
        's.json',
        's.json is not a valid scenario (1 problem):',
        'steps[0].at: must be <"0">',
        {
          timestamp: '2025-05-01T00:00:00.000Z',
        },
      ),
    );
    expect(suite.attributes).toMatchObject({ name: 's.json', tests: '1', errors: '1', failures: '0' });
    const error = childElements(childElements(suite, 'testcase')[0]!, 'error')[0]!;
    expect(error.attributes['message']).toBe('s.json is not a valid scenario (1 problem):');
    expect(textOf(error)).toBe('steps[0].at: must be <"0">');
  });
});

describe('the strict XML reader of these tests', () => {
  it.each([
    ['<a>&</a>', /an & that starts no reference|undefined entity/],
    ['<a>&nbsp;</a>', /undefined entity &nbsp;/],
    ['<a b="<"/>', /< in the value of b/],
    ['<a b="1" b="2"/>', /duplicate attribute b/],
    ['<a b="1"c="2"/>', /separated by white space/],
    ['<a><b></a></b>', /<\/a> closes <b>/],
    ['<a>', /not closed/],
    ['<a/><b/>', /content after the root element/],
    ['<a>]]></a>', /]]> in text/],
    ['<a>\u0001</a>', /U\+1 is not allowed/],
    ['<a>&#1;</a>', /refers to a character XML does not allow/],
    ['<a b=1/>', /must be quoted/],
    ['text<a/>', /expected an element/],
  ])('refuses %j', (text, message) => {
    expect(() => parseXmlStrict(text)).toThrow(XmlError);
    expect(() => parseXmlStrict(text)).toThrow(message);
  });
});
