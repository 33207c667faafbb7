// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { UiTag } from '../../../shared/bridge/bridge-spec.js';
import { DetailsPanel, type DetailsPanelProps } from '../../../renderer/components/tags/DetailsPanel.js';
import { TagStore } from '../../../renderer/state/tag-store.js';
import { SCENE, tag } from '../fixtures.js';
import {
  type Answers,
  buttonNames,
  button,
  byRole,
  click,
  fakeClient,
  field,
  mount,
  settle,
  submit,
  typeInto,
} from './harness.js';

const SENSOR = tag('Pallet sensor', { address: 3 });
const COUNTER = tag('Counter', { kind: 'Output', type: 'Int', value: 5, raw: 5, address: 7 });

function setup(over: Partial<DetailsPanelProps> & { tags?: UiTag[] } = {}, answers?: Answers) {
  const store = new TagStore();
  store.reset(SCENE, over.tags ?? [SENSOR, COUNTER]);
  const { client, calls } = fakeClient(answers);
  const props: DetailsPanelProps = {
    tag: SENSOR,
    client,
    pinned: false,
    pinnedIds: [],
    store,
    disabled: false,
    onTogglePin: vi.fn(),
    onSelect: vi.fn(),
    ...over,
  };
  const { root } = mount(<DetailsPanel {...props} />);
  return { root, calls, props };
}

describe('the details panel', () => {
  it('asks for a selection when no tag is selected', () => {
    const { root } = setup({ tag: undefined });
    expect(root.textContent).toContain('Select a tag to set its value, force it or inject a failure.');
    // Only a screen reader's heading: no tag name shows.
    expect(root.querySelector('h2')!.textContent).toBe('No tag selected');
    expect(root.querySelector('h2')!.classList.contains('visually-hidden')).toBe(true);
  });

  it("shows the selected tag's facts", () => {
    const { root } = setup();
    expect(root.querySelector('h2')!.textContent).toBe('Pallet sensor');
    const facts = [...root.querySelectorAll('.facts > div')].map((d) => d.textContent);
    expect(facts).toEqual(['KindInput', 'TypeBit', 'Address3', 'Valuefalse']);
    expect(root.querySelector('#value-heading')!.textContent).toBe('Sensor value (simulated)');
    expect(root.textContent).toContain(SENSOR.id);
  });

  it('sets, forces and fails a Bit through the bridge, and pins it', () => {
    const { root, calls, props } = setup();
    click(button(root, 'On (true)'));
    click(button(root, 'Force true'));
    click(field(root, 'Always On'));
    click(button(root, 'Pin as quick fault'));
    expect(calls).toEqual([
      { method: 'setValue', args: { id: SENSOR.id, value: true } },
      { method: 'force', args: { id: SENSOR.id, value: true } },
      { method: 'setFailure', args: { id: SENSOR.id, failure: 'alwaysOn' } },
    ]);
    expect(props.onTogglePin).toHaveBeenCalledWith(SENSOR.id);
    // Not forced: there is nothing to release.
    expect(button(root, 'Release').disabled).toBe(true);
  });

  it('shows what is forced and releases it', () => {
    const forced = { ...SENSOR, isForced: true, forcedValue: true, value: true };
    const { root, calls } = setup({ tag: forced, tags: [forced] });
    expect(root.querySelector('.pill-forced')!.textContent).toBe('Forced to true');
    click(button(root, 'Release'));
    expect(calls).toEqual([{ method: 'release', args: { id: SENSOR.id } }]);
  });

  it('says why a forced tag with a failure reads the failure’s value: the failure wins', () => {
    const both = { ...SENSOR, isForced: true, forcedValue: true, openCircuit: true, value: false };
    const { root } = setup({ tag: both, tags: [both] });
    expect(root.querySelector('.pill-forced')!.textContent).toBe('Forced to true');
    expect(byRole(root, 'note').textContent).toBe(
      'Always Off wins over the force: the tag reads false until the failure is cleared, as in the simulator.',
    );
    // A force alone, or a failure alone, needs no such word.
    const forced = { ...SENSOR, isForced: true, forcedValue: true, value: true };
    const alone = setup({ tag: forced, tags: [forced] });
    expect(alone.root.querySelector('[role="note"]')).toBeNull();
  });

  it("shows the API's refusal and the transport's error under the control that caused it", async () => {
    const refusal = 'Could not convert value to the tag data type: Bit.';
    const { root } = setup(
      {},
      {
        setValue: () => ({ id: SENSOR.id, code: 406, error: refusal }),
        force: () => {
          throw new Error('The connection to TagSim was lost.');
        },
      },
    );
    click(button(root, 'Off (false)'));
    click(button(root, 'Force false'));
    await settle();
    const alerts = [...root.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toEqual([refusal, 'The connection to TagSim was lost.']);
  });

  it('checks a typed number before sending it, and says how an Int was rounded', async () => {
    const { root, calls } = setup({ tag: COUNTER });
    expect(root.querySelector('#value-heading')!.textContent).toBe('Controller write');
    const entry = field(root, 'New value');
    expect(entry.value).toBe('5');
    typeInto(entry, 'abc');
    submit(entry.form!);
    expect(byRole(root, 'alert').textContent).toBe('Could not convert value to the tag data type: Int.');
    expect(calls).toEqual([]);
    typeInto(entry, '1.5');
    submit(entry.form!);
    await settle();
    expect(calls).toEqual([{ method: 'setValue', args: { id: COUNTER.id, value: 2 } }]);
    expect(byRole(root, 'status').textContent).toBe(
      '1.5 is sent as 2: an Int is a whole number (rounded half to even, as the API does).',
    );
  });

  it('notes a sensor the plant drives, and takes the keyboard to Force', () => {
    const { root } = setup({ driven: true });
    const note = byRole(root, 'note');
    expect(note.textContent).toContain('Driven by the plant: it sets this sensor again at its next step.');
    click(button(note, 'Force…'));
    expect(document.activeElement).toBe(button(root, 'Force false'));
  });

  it('has no plant note for a tag nothing drives', () => {
    const { root } = setup();
    expect(root.querySelector('[role="note"]')).toBeNull();
  });

  it('disables every control while the window is not connected', () => {
    const { root } = setup({ disabled: true });
    const enabled = [...root.querySelectorAll('.tag-details button')].filter(
      (b) => !(b as HTMLButtonElement).disabled,
    );
    expect(enabled).toEqual([]);
    expect(root.querySelector<HTMLFieldSetElement>('fieldset.failure-set')!.disabled).toBe(true);
  });
});

describe('the quick faults', () => {
  const failedCounter = { ...COUNTER, shortCircuit: true };
  const forcedSensor = { ...SENSOR, isForced: true, forcedValue: true, value: true };

  it('invites pinning while none is pinned', () => {
    const { root } = setup();
    expect(root.querySelector('.quick-faults')!.textContent).toContain(
      'Pin tags (☆ or P) to keep them at hand',
    );
  });

  it('lists the pinned tags with their faults, the selected one marked', () => {
    const { root } = setup({ tags: [forcedSensor, failedCounter], pinnedIds: [SENSOR.id, COUNTER.id] });
    const items = [...root.querySelectorAll('.quick-item > .quick-fault')];
    expect(items.map((b) => b.textContent)).toEqual(['Pallet sensorInputForced', 'CounterOutputAlways On']);
    expect(items.map((b) => b.classList.contains('current'))).toEqual([true, false]);
  });

  it('fails, forces, holds and releases in one click each', () => {
    const { root, calls, props } = setup({
      tags: [forcedSensor, failedCounter],
      pinnedIds: [SENSOR.id, COUNTER.id],
    });
    const sensor = byRole(root, 'group', 'Quick faults of Pallet sensor (Input)');
    const counter = byRole(root, 'group', 'Quick faults of Counter (Output)');
    expect(buttonNames(sensor)).toEqual(['None', 'Always Off', 'Always On', 'Release (ON)']);
    expect(buttonNames(counter)).toEqual(['None', 'Always Off', 'Always On', 'Hold']);
    expect(button(counter, 'Always On').getAttribute('aria-pressed')).toBe('true');
    expect(button(counter, 'Hold').title).toBe('Force at its current value (5)');
    click(button(sensor, 'Always Off'));
    click(button(sensor, 'Release (ON)'));
    click(button(counter, 'Hold'));
    click(button(counter, 'None'));
    click(button(root, /^Counter/));
    expect(calls).toEqual([
      { method: 'setFailure', args: { id: SENSOR.id, failure: 'alwaysOff' } },
      { method: 'release', args: { id: SENSOR.id } },
      { method: 'force', args: { id: COUNTER.id, value: 5 } },
      { method: 'setFailure', args: { id: COUNTER.id, failure: 'none' } },
    ]);
    expect(props.onSelect).toHaveBeenCalledWith(COUNTER.id);
  });

  it('forces a Bit ON', () => {
    const { root, calls } = setup({ pinnedIds: [SENSOR.id] });
    click(button(byRole(root, 'group', /^Quick faults of Pallet sensor/), 'Force ON'));
    expect(calls).toEqual([{ method: 'force', args: { id: SENSOR.id, value: true } }]);
  });

  it('shows why a quick fault was refused', async () => {
    const { root } = setup(
      { tag: undefined, pinnedIds: [SENSOR.id] },
      { setFailure: () => ({ id: SENSOR.id, code: 404, error: `Tag with id '${SENSOR.id}' not found.` }) },
    );
    click(button(root, 'Always On'));
    await settle();
    expect(byRole(root, 'alert').textContent).toBe(`Tag with id '${SENSOR.id}' not found.`);
  });
});
