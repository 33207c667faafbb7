import { describe, expect, it } from 'vitest';
import type { TagDefinition } from '../../../shared/core/tag-types.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import {
  behaviourText,
  entryProblems,
  insertTag,
  parseBehaviourText,
} from '../../../renderer/state/behaviour-text.js';

const load: TagDefinition = { id: 'load-id', name: 'Load', kind: 'Output', type: 'Bit', address: 1 };

describe('the text of a behaviour', () => {
  it('is JSON that reads back as the same behaviour, short objects on one line', () => {
    for (const b of builtinPlant('Sorting by Height (Basic)')!.behaviours) {
      const text = behaviourText(b);
      expect(JSON.parse(text)).toEqual(b);
      expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(64);
    }
    expect(behaviourText(builtinPlant('Filling Tank')!.behaviours[0]!)).toBe(
      [
        '{',
        '  "name": "Discharge button rests closed",',
        '  "when": { "always": true },',
        '  "then": [',
        '    {',
        '      "set": { "name": "Discharge", "kind": "Input" },',
        '      "value": true',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('says where the JSON is broken, with the place to put the cursor', () => {
    const text = '{\n  "when": { "always": true },\n  "then": [}\n}';
    const parsed = parseBehaviourText(text);
    expect(parsed).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^not valid JSON at line 3, column 12: /),
    });
    expect(parsed.ok || text.slice(parsed.offset!)).toBe('}\n}');
    expect(parseBehaviourText('{"when": {"always": true},}')).toMatchObject({
      message: expect.stringContaining('(remove the comma before it)'),
    });
    expect(parseBehaviourText('  ')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^the text is empty/),
    });
  });

  it('takes one object, not a list or a value', () => {
    expect(parseBehaviourText('[{"when": {"always": true}, "then": []}]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('the editor takes one behaviour'),
    });
    expect(parseBehaviourText('42')).toMatchObject({
      ok: false,
      message: 'a behaviour is a JSON object {…}; got 42',
    });
    expect(parseBehaviourText('{"when": {"always": true}, "then": []}')).toEqual({
      ok: true,
      behaviour: { when: { always: true }, then: [] },
    });
  });

  it("shows the host's problems at their place in the entry; others keep theirs", () => {
    expect(
      entryProblems(
        [
          "behaviours[3].then[0].set: 'Load' is an Output; a behaviour may only write Input tags",
          'behaviours[3]: must be an object',
          "behaviours[1].generate: 'Level' is already driven by a generator (behaviours[3])",
          'behaviours[30].when: unknown',
        ],
        3,
      ),
    ).toEqual([
      ".then[0].set: 'Load' is an Output; a behaviour may only write Input tags",
      '(this behaviour): must be an object',
      "behaviours[1].generate: 'Level' is already driven by a generator (behaviours[3])",
      'behaviours[30].when: unknown',
    ]);
  });
});

describe('putting a tag into the text', () => {
  it('inserts a whole reference outside a string', () => {
    const text = '{ "toggle":  }';
    const at = text.indexOf(':') + 2;
    const change = insertTag(text, at, at, load, [load]);
    expect(change.text).toBe('{ "toggle": { "name": "Load", "kind": "Output" } }');
    expect(change.text.slice(change.cursor)).toBe(' }');
  });

  it("replaces a string's content with the name, or only what is selected in it", () => {
    const text = '{ "set": "Fill valve", "value": true }';
    const inside = text.indexOf('valve');
    expect(insertTag(text, inside, inside, load, [load]).text).toBe('{ "set": "Load", "value": true }');
    const fill = text.indexOf('Fill');
    expect(insertTag(text, fill, fill + 4, load, [load]).text).toBe('{ "set": "Load valve", "value": true }');
    const quoted = { ...load, name: 'Say "hi"' };
    expect(insertTag('"x"', 1, 1, quoted, [quoted]).text).toBe('"Say \\"hi\\""');
  });

  it('names a tag by id when another has its name and kind', () => {
    const twin = { ...load, id: 'twin-id', address: 2 };
    expect(insertTag('', 0, 0, load, [load, twin]).text).toBe('{ "id": "load-id" }');
  });
});
