// @vitest-environment happy-dom
import { createRef } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import type { UiTag } from '../../../shared/bridge/bridge-spec.js';
import { rowDomId, TagTable, type TagTableProps } from '../../../renderer/components/tags/TagTable.js';
import { TagStore } from '../../../renderer/state/tag-store.js';
import { SCENE, tag } from '../fixtures.js';
import { allByRole, button, click, mount, press } from './harness.js';

const ENTRY = tag('Conveyor entry', { kind: 'Output', address: 2 });
const SENSOR = tag('Pallet sensor', {
  address: 3,
  value: true,
  raw: false,
  isForced: true,
  forcedValue: true,
});
const LEVEL = tag('Level', { type: 'Float', value: 0, raw: 1.5, address: 4, openCircuit: true });

function setup(over: Partial<TagTableProps> = {}, tags: UiTag[] = [ENTRY, SENSOR, LEVEL]) {
  const store = new TagStore();
  store.reset(SCENE, tags);
  const props: TagTableProps = {
    ids: tags.map((t) => t.id),
    store,
    version: store.version,
    pinned: new Set([SENSOR.id]),
    selectedId: undefined,
    revealRequest: 0,
    sort: 'name',
    direction: 'asc',
    gridRef: createRef<HTMLDivElement>(),
    onSelect: vi.fn(),
    onSort: vi.fn(),
    onTogglePin: vi.fn(),
    onKeyDown: vi.fn(),
    emptyText: 'No tag matches the filter.',
    ...over,
  };
  const { root } = mount(<TagTable {...props} />);
  const rows = () => allByRole(root, 'row').slice(1);
  const cells = (row: HTMLElement) => allByRole(row, 'gridcell').map((c) => c.textContent);
  return { root, props, rows, cells };
}

describe('the tag table', () => {
  it('draws one row per tag in the order given, with its value, raw value, force and failure', () => {
    const { rows, cells } = setup();
    expect(rows().map(cells)).toEqual([
      ['☆Pin', 'Conveyor entry', 'Output', 'Bit', '2', 'false', 'false', '—', '—'],
      ['★Pin', 'Pallet sensor', 'Input', 'Bit', '3', 'trueF (forced)', 'false', 'true', '—'],
      ['☆Pin', 'Level', 'Input', 'Float', '4', '0! (Always Off failure)', '1.5', '—', 'Always Off'],
    ]);
    expect(rows().map((r) => r.getAttribute('aria-rowindex'))).toEqual(['2', '3', '4']);
  });

  it('marks forced, failed, pinned and selected rows', () => {
    const { root, rows } = setup({ selectedId: LEVEL.id });
    const [entry, sensor, level] = rows();
    expect(entry!.className).toBe('row tag-row even');
    expect(sensor!.className).toBe('row tag-row odd is-forced');
    expect(level!.className).toBe('row tag-row even selected is-failed');
    expect(level!.getAttribute('aria-selected')).toBe('true');
    expect(root.querySelector('[role="grid"]')!.getAttribute('aria-activedescendant')).toBe(
      rowDomId(LEVEL.id),
    );
    const pins = rows().map((r) => button(r, 'Pin'));
    expect(pins.map((p) => p.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(pins[1]!.title).toBe('Unpin (quick faults)');
  });

  it('selects a row on mouse down and pins from its star', () => {
    const { rows, props } = setup();
    rows()[2]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    click(button(rows()[0]!, 'Pin'));
    expect(props.onSelect).toHaveBeenCalledWith(LEVEL.id);
    expect(props.onTogglePin).toHaveBeenCalledWith(ENTRY.id);
  });

  it('sorts from the headers and says which way', () => {
    const { root, props } = setup({ sort: 'address', direction: 'desc' });
    const headers = allByRole(root, 'columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([
      null,
      null,
      null,
      null,
      'descending',
      null,
      null,
      null,
      null,
    ]);
    expect(headers[4]!.textContent).toBe('▼Address');
    click(button(root, 'Name'));
    click(button(root, 'Address'));
    expect(props.onSort).toHaveBeenNthCalledWith(1, 'name');
    expect(props.onSort).toHaveBeenNthCalledWith(2, 'address');
  });

  it('hands its keys to the window with the rows of a page', () => {
    const { root, props } = setup();
    press('ArrowDown', root.querySelector('[role="grid"]')!);
    expect(props.onKeyDown).toHaveBeenCalledWith(expect.objectContaining({ key: 'ArrowDown' }), 1);
  });

  it('says so when no tag is shown', () => {
    const { root, rows } = setup({ ids: [] });
    expect(rows()).toEqual([]);
    expect(root.querySelector('.grid-empty')!.textContent).toBe('No tag matches the filter.');
  });
});
