import { describe, expect, it } from 'vitest';
import { TagStore } from '../../../renderer/state/tag-store.js';
import {
  compileNameFilter,
  filterRule,
  DEFAULT_VIEW_OPTIONS,
  dependsOnValues,
  SortedOrders,
  visibleIds,
  type ViewOptions,
} from '../../../renderer/state/tag-view.js';
import { SCENE, tag } from '../fixtures.js';

const matches = (filter: string, name: string) => {
  const match = compileNameFilter(filter);
  return match === undefined ? true : match(name);
};

describe('compileNameFilter', () => {
  it('matches everything when empty or blank', () => {
    expect(compileNameFilter('')).toBeUndefined();
    expect(compileNameFilter('   ')).toBeUndefined();
  });

  it('follows the API rules when the text has a wildcard: whole name, case-insensitive', () => {
    expect(matches('conveyor*', 'Conveyor entry')).toBe(true);
    expect(matches('*entry', 'Conveyor entry')).toBe(true);
    expect(matches('conv*', 'My conveyor')).toBe(false);
    expect(matches('Tag ?', 'tag 7')).toBe(true);
    expect(matches('Tag ?', 'Tag 17')).toBe(false);
    expect(matches('*(Run)', 'FACTORY I/O (Run)')).toBe(true);
    expect(matches('*.*', 'Conveyor entry')).toBe(false); // '.' is literal
  });

  it('finds the names that contain a word without wildcards, in any letter case', () => {
    expect(matches('conv', 'Conveyor entry')).toBe(true);
    expect(matches('ENTRY', 'Conveyor entry')).toBe(true);
    expect(matches('CONVEYOR ENTRY', 'Conveyor entry')).toBe(true);
    expect(matches('I/O (R', 'FACTORY I/O (Reset)')).toBe(true);
    expect(matches('[x]', 'Conveyor entry')).toBe(false); // still literal
    expect(matches('sensor', 'Conveyor entry')).toBe(false);
  });

  it('says which rule applies', () => {
    expect(filterRule('')).toMatch(/contain/);
    expect(filterRule('conv')).toBe('Names that contain “conv”.');
    expect(filterRule('conv*')).toBe('Whole names matching conv*, as GET /api/tags?name= matches them.');
  });
});

function storeOf() {
  const store = new TagStore();
  store.reset(SCENE, [
    tag('Sensor 10', { kind: 'Input', type: 'Bit', address: 3 }),
    tag('sensor 2', { kind: 'Input', type: 'Bit', address: 1 }),
    tag('Motor', { kind: 'Output', type: 'Float', address: 0, isForced: true }),
    tag('Counter', { kind: 'Output', type: 'Int', address: 0, shortCircuit: true }),
    tag('Reset', { kind: 'Output', type: 'Bit', address: 498 }),
    tag('Reset', { kind: 'Input', type: 'Bit', address: 498 }),
  ]);
  return store;
}

const names = (store: TagStore, ids: string[]) =>
  ids.map((id) => `${store.get(id)?.name}/${store.get(id)?.kind}`);

function view(store: TagStore, options: Partial<ViewOptions>, pinned: string[] = []) {
  return names(
    store,
    visibleIds(store, new SortedOrders(store), { ...DEFAULT_VIEW_OPTIONS, ...options }, new Set(pinned)),
  );
}

describe('visibleIds', () => {
  it('sorts by name naturally and case-insensitively, Inputs before Outputs of the same name', () => {
    expect(view(storeOf(), {})).toEqual([
      'Counter/Output',
      'Motor/Output',
      'Reset/Input',
      'Reset/Output',
      'sensor 2/Input',
      'Sensor 10/Input',
    ]);
  });

  it('sorts by address like an I/O map: kind, then type, then address', () => {
    expect(view(storeOf(), { sort: 'address' })).toEqual([
      'sensor 2/Input',
      'Sensor 10/Input',
      'Reset/Input',
      'Reset/Output',
      'Counter/Output',
      'Motor/Output',
    ]);
  });

  it('keeps scene order (the API listing order, which the editor changes) when asked', () => {
    expect(view(storeOf(), { sort: 'scene' })).toEqual([
      'Sensor 10/Input',
      'sensor 2/Input',
      'Motor/Output',
      'Counter/Output',
      'Reset/Output',
      'Reset/Input',
    ]);
    const store = storeOf();
    const orders = new SortedOrders(store);
    expect(orders.get('scene')).toEqual(store.ids());
    store.reset(SCENE, [tag('B'), tag('A')]);
    expect(orders.get('scene')).toEqual(['id-B-Input', 'id-A-Input']);
  });

  it('lists the unnamed tags (`-`) after the named ones, in either direction', () => {
    const store = new TagStore();
    store.reset(SCENE, [
      tag('-', { id: 'beam-0', kind: 'Input', type: 'Bit', address: 0 }),
      tag('Start', { kind: 'Input', type: 'Bit', address: 9 }),
      tag('-', { id: 'beam-1', kind: 'Input', type: 'Bit', address: 1 }),
      tag('Auto', { kind: 'Input', type: 'Bit', address: 18 }),
      tag('1st sensor', { kind: 'Input', type: 'Bit', address: 2 }),
    ]);
    const names = (options: Partial<ViewOptions>) => view(store, options).map((n) => n.split('/')[0]);
    expect(names({})).toEqual(['1st sensor', 'Auto', 'Start', '-', '-']);
    expect(names({ direction: 'desc' })).toEqual(['Start', 'Auto', '1st sensor', '-', '-']);
    // Address order is the I/O map: every tag at its address, named or not.
    expect(names({ sort: 'address' })).toEqual(['-', '-', '1st sensor', 'Start', 'Auto']);
  });

  it('reverses for a descending sort', () => {
    expect(view(storeOf(), { direction: 'desc' })[0]).toBe('Sensor 10/Input');
  });

  it('filters by name, kind and type together; an empty set means any', () => {
    const store = storeOf();
    expect(view(store, { filter: 'sensor*' })).toEqual(['sensor 2/Input', 'Sensor 10/Input']);
    expect(view(store, { filter: 'sensor' })).toEqual(['sensor 2/Input', 'Sensor 10/Input']);
    expect(view(store, { filter: 'sensor ?' })).toEqual(['sensor 2/Input']);
    expect(view(store, { kinds: new Set(['Output']) })).toEqual([
      'Counter/Output',
      'Motor/Output',
      'Reset/Output',
    ]);
    expect(view(store, { kinds: new Set(['Output']), types: new Set(['Int', 'Float']) })).toEqual([
      'Counter/Output',
      'Motor/Output',
    ]);
    expect(view(store, { kinds: new Set(['Input', 'Output']), filter: 'reset' })).toHaveLength(2);
  });

  it('shows only pinned or only faulted tags when asked', () => {
    const store = storeOf();
    expect(view(store, { pinnedOnly: true }, ['id-Reset-Output'])).toEqual(['Reset/Output']);
    expect(view(store, { faultedOnly: true })).toEqual(['Counter/Output', 'Motor/Output']);
    expect(dependsOnValues({ ...DEFAULT_VIEW_OPTIONS, faultedOnly: true })).toBe(true);
    expect(dependsOnValues(DEFAULT_VIEW_OPTIONS)).toBe(false);
  });

  it('sorts once per scene and again when the set of tags changes', () => {
    const store = storeOf();
    const orders = new SortedOrders(store);
    const first = orders.get('name');
    store.apply({
      sceneChanged: false,
      scene: SCENE,
      tags: [tag('Motor', { kind: 'Output', type: 'Float' })],
    });
    expect(orders.get('name')).toBe(first);
    store.reset(SCENE, [tag('B'), tag('A')]);
    expect(orders.get('name')).toEqual(['id-A-Input', 'id-B-Input']);
  });

  it('filters 10 000 tags quickly', () => {
    const store = new TagStore();
    store.reset(
      SCENE,
      Array.from({ length: 10_000 }, (_, i) => tag(`Tag ${i}`, { id: `t${i}`, address: i })),
    );
    const orders = new SortedOrders(store);
    orders.get('name');
    const started = performance.now();
    const ids = visibleIds(store, orders, { ...DEFAULT_VIEW_OPTIONS, filter: 'tag 99*' }, new Set());
    expect(ids).toHaveLength(111);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
