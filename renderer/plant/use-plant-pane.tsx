import type { ComponentChild } from 'preact';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import type { UiModel } from '../state/ui-model.js';
import { PlantToggle } from './PlantToggle.js';
import { PlantView } from './PlantView.js';
import { usePlantState } from './use-plant-state.js';
import type { ConnectionSource } from '../transport/connection.js';
import { usePlantLayout, usePlantOpen } from './use-plant-view.js';

export interface PlantPaneOptions {
  /** Another view (Traffic) covers the workspace: no plant state is asked for meanwhile. */
  covered: boolean;
  selectedId: string | undefined;
  onSelect(id: string): void;
  /** The window's connection: after a reconnection the whole plant state is asked for again. */
  link?: ConnectionSource;
}

/**
 * The window's Plant view as two mount points: the scene bar's toggle, and the view that takes
 * the table's place in the workspace while open (undefined while closed), so App stays a list of
 * mount points.
 */
export function usePlantPane(
  model: UiModel,
  scene: SceneDefinition | undefined,
  o: PlantPaneOptions,
): { toggle: ComponentChild; view: ComponentChild | undefined } {
  const [open, toggle] = usePlantOpen(scene?.name, model.client);
  const layout = usePlantLayout(open ? scene : undefined);
  return {
    toggle: <PlantToggle key="plant" open={open} onToggle={toggle} />,
    view:
      open && layout ? <LivePlantView model={model} layout={layout} active={!o.covered} o={o} /> : undefined,
  };
}

/**
 * The view with its plant state: the feed lives here, not in App, so a plant update (up to 30 a
 * second) re-renders the drawing only, not the whole window (docs/performance.md "Plant view in
 * the browser").
 */
function LivePlantView(props: { model: UiModel; layout: PlantLayout; active: boolean; o: PlantPaneOptions }) {
  const { model, layout, o } = props;
  const feed = usePlantState(model.client, props.active, o.link);
  return (
    <PlantView
      layout={layout}
      snapshot={feed.snapshot}
      receivedAt={feed.receivedAt}
      store={model.tags}
      version={model.tags.version}
      actions={model.client}
      selectedId={o.selectedId}
      onSelect={o.onSelect}
      disabled={model.connection.status !== 'connected'}
      restrictions={model.restrictions}
      simulation={model.simulation.status}
      virtualClock={model.simulation.mode === 'virtual'}
    />
  );
}
