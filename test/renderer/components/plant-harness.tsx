// What the Plant view's component tests share: the default scene's tags as the bridge sends them,
// the view mounted over a fake bridge, and finding and clicking its drawn parts.
import { vi } from 'vitest';
import { act } from 'preact/test-utils';
import type { UiTag } from '../../../shared/bridge/bridge-spec.js';
import { layoutScene } from '../../../shared/scenes/scene-plant.js';
import type { SceneDefinition } from '../../../shared/scenes/scene-definition.js';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { PlantView, type PlantViewProps } from '../../../renderer/plant/PlantView.js';
import { TagStore } from '../../../renderer/state/tag-store.js';
import { tag } from '../fixtures.js';
import { type Answers, fakeClient, mount, nameOf } from './harness.js';

export const SCENE = builtinScene('Sorting by Height (Basic)')!;

/** The scene's tags as the bridge sends them, with some values changed. */
export function uiTags(scene: SceneDefinition, over: Record<string, Partial<UiTag>> = {}): UiTag[] {
  return scene.tags.map((d) => {
    const value = d.initial ?? (d.type === 'Bit' ? false : 0);
    return tag(d.name, {
      id: d.id,
      kind: d.kind,
      type: d.type,
      address: d.address,
      value,
      raw: value,
      ...over[`${d.kind} ${d.name}`],
    });
  });
}

export function setup(
  over: Partial<PlantViewProps> = {},
  tags = uiTags(SCENE),
  scene = SCENE,
  answers?: Answers,
) {
  const store = new TagStore();
  store.reset({ name: scene.name, tagCount: tags.length }, tags);
  const { client, calls } = fakeClient(answers);
  const onSelect = vi.fn();
  const props: PlantViewProps = {
    layout: layoutScene(scene),
    snapshot: undefined,
    receivedAt: 0,
    store,
    version: store.version,
    actions: client,
    selectedId: undefined,
    onSelect,
    disabled: false,
    simulation: { state: 'running', timeScale: 1, timeMs: 0 },
    ...over,
  };
  const { root, rerender } = mount(<PlantView {...props} />);
  return { root, calls, onSelect, props, rerender, store };
}

/** The one drawn part (an SVG element with role button) or panel button with this accessible name. */
export function spot(root: HTMLElement, name: RegExp): HTMLElement {
  const all = [...root.querySelectorAll<HTMLElement>('[role="button"], button')].filter((e) =>
    name.test(nameOf(e)),
  );
  if (all.length !== 1) throw new Error(`Expected one control named ${String(name)}, found ${all.length}.`);
  return all[0]!;
}

/** A click as a pointer makes it (SVG elements have no click() in happy-dom). */
export function press(element: Element): void {
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}
