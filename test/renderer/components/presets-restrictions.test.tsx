// @vitest-environment happy-dom
// The student's window under a lab's presets (docs/desktop.md, "Presets for a lab"): no fault
// controls in student mode, and locked settings shown disabled with the reason.
import { createRef } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import type { ServerStatus } from '../../../shared/bridge/bridge-spec.js';
import type { UiRestrictions } from '../../../shared/lab/restrictions.js';
import { DetailsPanel } from '../../../renderer/components/tags/DetailsPanel.js';
import { StatusBar } from '../../../renderer/components/shell/StatusBar.js';
import { TagTable } from '../../../renderer/components/tags/TagTable.js';
import { Toolbar } from '../../../renderer/components/shell/Toolbar.js';
import { TagStore } from '../../../renderer/state/tag-store.js';
import { DEFAULT_VIEW_OPTIONS } from '../../../renderer/state/tag-view.js';
import { SCENE, tag } from '../fixtures.js';
import { button, buttonNames, fakeClient, field, mount, settle, submit } from './harness.js';

const SENSOR = tag('Pallet sensor', { address: 3, isForced: true, forcedValue: true });
const COUNTER = tag('Counter', { kind: 'Output', type: 'Int', value: 5, raw: 5, address: 7 });
const STUDENT: UiRestrictions = { locked: [], hideFaultControls: true };
const LOCKED: UiRestrictions = { locked: ['port', 'pinnedTagIds'], hideFaultControls: false };

function details(restrictions: UiRestrictions | undefined, selected = SENSOR) {
  const store = new TagStore();
  store.reset(SCENE, [SENSOR, COUNTER]);
  const { client, calls } = fakeClient();
  const { root } = mount(
    <DetailsPanel
      tag={selected}
      client={client}
      pinned={false}
      pinnedIds={[SENSOR.id]}
      store={store}
      disabled={false}
      restrictions={restrictions}
      onTogglePin={vi.fn()}
      onSelect={vi.fn()}
    />,
  );
  return { root, calls };
}

describe('the window in student mode', () => {
  it('has no force, release or failure controls and no quick faults, but still sets values', () => {
    for (const selected of [SENSOR, COUNTER]) {
      const { root } = details(STUDENT, selected);
      expect(root.querySelector('#force-heading')).toBeNull();
      expect(root.querySelector('.failure-set')).toBeNull();
      expect(root.querySelector('.quick-faults')).toBeNull();
      expect(root.textContent).not.toMatch(/Force|Release|Always On|Always Off|Quick faults/);
      expect(buttonNames(root).some((name) => /^(On|Set)\b/.test(name))).toBe(true);
    }
    const normal = details(undefined).root;
    expect(normal.querySelector('#force-heading')).not.toBeNull();
    expect(normal.querySelector('.quick-faults')).not.toBeNull();
  });

  it("without the simulation's controls, offers no value or fault control on the tags that run, pause or reset it", () => {
    const pause = tag('FACTORY I/O (Pause)', { kind: 'Output', address: 497 });
    const noSimulation: UiRestrictions = {
      locked: [],
      hideFaultControls: false,
      station: { name: 'Lab station 1', allowed: ['faults'] },
    };
    const { root } = details(noSimulation, pause);
    expect(
      buttonNames(root.querySelector('.tag-details')!).filter((name) =>
        /^(On|Off|Set|Force|Release)\b/.test(name),
      ),
    ).toEqual([]);
    expect(root.querySelector('#force-heading')).toBeNull();
    expect(root.querySelector('[role="note"]')!.textContent).toBe(
      "FACTORY I/O (Pause) runs, pauses or resets the simulation. The simulation's controls: not at this lab station; the instructor sets its controls.",
    );
    // Another tag keeps its controls, and so does this one where the simulation is the student's.
    expect(buttonNames(details(noSimulation, SENSOR).root).some((name) => /^On\b/.test(name))).toBe(true);
    const allowed = details(
      { ...noSimulation, station: { name: 'Lab station 1', allowed: ['faults', 'simulation'] } },
      pause,
    );
    expect(buttonNames(allowed.root).some((name) => /^On\b/.test(name))).toBe(true);
  });

  it('has no Release forces or Clear failures in the toolbar', () => {
    const props = {
      options: DEFAULT_VIEW_OPTIONS,
      filterRef: createRef<HTMLInputElement>(),
      shown: 2,
      total: 2,
      forcedCount: 1,
      failedCount: 1,
      disabled: false,
      onChange: vi.fn(),
      onFilterKeyDown: vi.fn(),
      onReleaseAll: vi.fn(),
      onClearFailures: vi.fn(),
    };
    const student = mount(<Toolbar {...props} hideFaultControls />).root;
    expect(buttonNames(student).filter((n) => /Release|Clear/.test(n))).toEqual([]);
    const normal = mount(<Toolbar {...props} />).root;
    expect(buttonNames(normal).filter((n) => /Release|Clear/.test(n))).toEqual([
      'Release forces 1',
      'Clear failures 1',
    ]);
  });
});

describe('settings locked by the presets', () => {
  it('shows the pin buttons disabled, with the reason', () => {
    const { root } = details(LOCKED);
    const pin = button(root, 'Pin as quick fault');
    expect(pin.disabled).toBe(true);
    expect(pin.title).toBe("Set by your lab's presets");
    const store = new TagStore();
    store.reset(SCENE, [SENSOR]);
    const table = mount(
      <TagTable
        ids={[SENSOR.id]}
        store={store}
        version={store.version}
        pinned={new Set()}
        selectedId={undefined}
        revealRequest={0}
        sort="name"
        direction="asc"
        gridRef={createRef<HTMLDivElement>()}
        onSelect={vi.fn()}
        onSort={vi.fn()}
        onTogglePin={vi.fn()}
        pinLocked
        onKeyDown={vi.fn()}
        emptyText="None."
      />,
    ).root;
    const pinButton = table.querySelector<HTMLButtonElement>('.pin-button')!;
    expect(pinButton.disabled).toBe(true);
    expect(pinButton.title).toBe("Set by your lab's presets");
  });

  it('shows a locked port disabled with the reason, and Retry starts again on it', async () => {
    const failed: ServerStatus = {
      state: 'failed',
      host: '127.0.0.1',
      port: 7410,
      error: 'Port 7410 in use',
      controllable: true,
    };
    const { client, calls } = fakeClient();
    const { root } = mount(
      <StatusBar
        server={failed}
        stats={{ requestsPerSecond: 0, clients: 0 }}
        scene={undefined}
        client={client}
        connected
        portLocked
      />,
    );
    const port = field(root, 'Port');
    expect(port.disabled).toBe(true);
    expect(port.value).toBe('7410');
    expect(root.textContent).toContain("Set by your lab's presets");
    submit(root.querySelector('form')!);
    await settle();
    expect(calls).toEqual([{ method: 'startServer', args: undefined }]);
  });
});
