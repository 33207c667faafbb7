// @vitest-environment happy-dom
import { createRef } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { Toolbar, type ToolbarProps } from '../../../renderer/components/shell/Toolbar.js';
import { DEFAULT_VIEW_OPTIONS, type ViewOptions } from '../../../renderer/state/tag-view.js';
import { button, byRole, choose, click, field, mount, press, typeInto } from './harness.js';

function setup(options: Partial<ViewOptions> = {}, over: Partial<ToolbarProps> = {}) {
  const props: ToolbarProps = {
    options: { ...DEFAULT_VIEW_OPTIONS, ...options },
    filterRef: createRef<HTMLInputElement>(),
    shown: 40,
    total: 40,
    forcedCount: 0,
    failedCount: 0,
    disabled: false,
    onChange: vi.fn(),
    onFilterKeyDown: vi.fn(),
    onReleaseAll: vi.fn(),
    onClearFailures: vi.fn(),
    ...over,
  };
  const { root } = mount(<Toolbar {...props} />);
  const pressed = (group: string) =>
    [...byRole(root, 'group', group).querySelectorAll('button')]
      .filter((b) => b.getAttribute('aria-pressed') === 'true')
      .map((b) => b.textContent);
  return { root, props, pressed };
}

describe('the toolbar', () => {
  it('sends what is typed in the filter box, and reads its rule out', () => {
    const { root, props } = setup({ filter: 'conv*' });
    const filter = field(root, 'Filter tags by name');
    expect(filter.value).toBe('conv*');
    expect(root.querySelector('#tag-filter-rule')!.textContent).toBe(
      'Whole names matching conv*, as GET /api/tags?name= matches them.',
    );
    typeInto(filter, 'pallet');
    expect(props.onChange).toHaveBeenCalledWith({ filter: 'pallet' });
    press('Escape', filter);
    expect(props.onFilterKeyDown).toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
  });

  it('shows the selected kinds and types pressed, and toggles one at a time', () => {
    const { root, props, pressed } = setup({ kinds: new Set(['Input']), types: new Set(['Int', 'Float']) });
    expect(pressed('Kind')).toEqual(['Inputs']);
    expect(pressed('Type')).toEqual(['Int', 'Float']);
    click(button(root, 'Inputs'));
    click(button(root, 'Outputs'));
    click(button(root, 'Bit'));
    click(button(root, 'Float'));
    expect(vi.mocked(props.onChange).mock.calls.map(([change]) => change)).toEqual([
      { kinds: new Set() },
      { kinds: new Set(['Input', 'Output']) },
      { types: new Set(['Int', 'Float', 'Bit']) },
      { types: new Set(['Int']) },
    ]);
  });

  it('shows only pinned or faulted tags on request', () => {
    const { root, props, pressed } = setup({ faultedOnly: true });
    expect(pressed('Show only')).toEqual(['Faulted']);
    click(button(root, '★ Pinned'));
    click(button(root, 'Faulted'));
    expect(vi.mocked(props.onChange).mock.calls.map(([change]) => change)).toEqual([
      { pinnedOnly: true },
      { faultedOnly: false },
    ]);
  });

  it('sorts by the chosen key and direction', () => {
    const { root, props } = setup();
    const sort = field<HTMLSelectElement>(root, 'Sort');
    expect(sort.value).toBe('name-asc');
    choose(sort, 'address-desc');
    expect(props.onChange).toHaveBeenCalledWith({ sort: 'address', direction: 'desc' });
  });

  it('counts the tags shown of all', () => {
    expect(setup().root.querySelector('.count')!.textContent).toBe('40 tags');
    expect(setup({}, { shown: 3 }).root.querySelector('.count')!.textContent).toBe('3 of 40 tags');
  });

  it('offers the bulk actions only when there is something to undo', () => {
    const idle = setup();
    expect(button(idle.root, 'Release forces 0').disabled).toBe(true);
    expect(button(idle.root, 'Clear failures 0').disabled).toBe(true);
    const { root, props } = setup({}, { forcedCount: 2, failedCount: 1 });
    click(button(root, 'Release forces 2'));
    click(button(root, 'Clear failures 1'));
    expect(props.onReleaseAll).toHaveBeenCalledOnce();
    expect(props.onClearFailures).toHaveBeenCalledOnce();
    const offline = setup({}, { forcedCount: 2, failedCount: 1, disabled: true });
    expect(button(offline.root, 'Release forces 2').disabled).toBe(true);
    expect(button(offline.root, 'Clear failures 1').disabled).toBe(true);
  });
});
