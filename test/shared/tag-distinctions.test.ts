import { describe, expect, it } from 'vitest';
import { tagDistinctions, type NamedTag } from '../../shared/core/tag-distinctions.js';

const tag = (name: string, kind: 'Input' | 'Output', address: number): NamedTag => ({
  name,
  kind,
  type: 'Bit',
  address,
});

describe('tagDistinctions', () => {
  it('adds nothing to a name no other tag of the list has', () => {
    const tags = [tag('Start', 'Input', 9), tag('Stop', 'Input', 13)];
    expect(tags.map(tagDistinctions(tags))).toEqual([undefined, undefined]);
  });

  it('adds the kind where a name is shared by an Input and an Output', () => {
    const tags = [tag('FACTORY I/O (Reset)', 'Input', 498), tag('FACTORY I/O (Reset)', 'Output', 498)];
    expect(tags.map(tagDistinctions(tags))).toEqual(['Input', 'Output']);
  });

  it('adds kind, type and address where tags share name and kind, as the unnamed "-" beams do', () => {
    const tags = [
      tag('-', 'Input', 0),
      tag('-', 'Input', 3),
      tag('-', 'Output', 6),
      tag('Load', 'Output', 0),
    ];
    expect(tags.map(tagDistinctions(tags))).toEqual(['Input Bit 0', 'Input Bit 3', 'Output', undefined]);
  });
});
