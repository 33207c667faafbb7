import { memo } from 'preact/compat';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { UiRestrictions } from '../../shared/lab/restrictions.js';
import { alongOf } from '../../shared/plant/belt-spots.js';
import { placeLabels } from '../../shared/plant/labels.js';
import { carriedOffsets, machineOffsets, trackNames } from '../../shared/plant/machine-motion.js';
import type { PlacedTag, PlantLayout, PlantSnapshot } from '../../shared/plant/plant-types.js';
import type { PlacedSpot } from '../../shared/plant/spot-types.js';
import type { SimulationStatus } from '../../shared/sim/simulation.js';
import type { TagStore } from '../state/tag-store.js';
import { plantActions, type TagActions } from './plant-actions.js';
import { PlantCtx, type PlantContext } from './plant-context.js';
import { conveyorState, SCALE } from './plant-motion.js';
import { PlantConveyor } from './PlantConveyor.js';
import { PlantItems } from './PlantItems.js';
import { Gantry, MachineBody } from './PlantMachines.js';
import { ControlPanel, IoPanel } from './PlantPanel.js';
import { PartBlock, Tank } from './PlantParts.js';
import { PlantLegend } from './PlantLegend.js';
import { PlantUnsimulated } from './PlantUnsimulated.js';
import { TagMenu } from './TagMenu.js';

export interface PlantViewProps {
  layout: PlantLayout;
  /** The plant's state (items, belts), from the bridge's plant stream; absent until it comes. */
  snapshot: PlantSnapshot | undefined;
  /** performance.now() when `snapshot` arrived, to move items on smoothly after it. */
  receivedAt: number;
  store: TagStore;
  /** The store's version: the view draws again when tags change. */
  version: number;
  /**
   * What the view may do to tags (a window's bridge client); without them the view only shows:
   * no press, no pulse, no tag menu (the lab dashboard's view of a station).
   */
  actions?: TagActions | undefined;
  selectedId: string | undefined;
  onSelect(id: string): void;
  disabled: boolean;
  restrictions?: UiRestrictions | undefined;
  simulation?: SimulationStatus | undefined;
  /** On a virtual clock time moves only by advances, each of which sends a snapshot: no tweening. */
  virtualClock?: boolean | undefined;
  /** Ids of tags whose fault is hidden from the student (the lab dashboard's view only). */
  hiddenFaults?: ReadonlySet<string> | undefined;
}

/** Drawn again only when their own props change (or the context: a tag, the selection). */
const MemoConveyor = memo(PlantConveyor);
const NONE = { dx: 0, dy: 0 };

/**
 * The Plant view (issue 23): the scene's machine drawn in 2D from the plant that runs, live. Belts
 * run and stop, items move, sensors light while their effective value is on; forces and failures
 * carry the table's marks; the control panel's buttons can be pressed. Every drawn tag can be
 * reached by Tab, says its name and value, and selects its tag in the details panel.
 */
const EMPTY: readonly PlacedSpot[] = [];

/** Each belt's tags in the order along it that Tab takes them: its start first. */
function spotsByBelt(layout: PlantLayout, spots: readonly PlacedSpot[]): Map<string, PlacedSpot[]> {
  const out = new Map<string, PlacedSpot[]>();
  for (const c of layout.conveyors) {
    const mine = spots.filter((s) => s.owner === `belt ${c.name}`);
    out.set(
      c.name,
      mine
        .map((s) => ({ s, along: alongOf(c, s.body, s.at) }))
        .sort((a, b) => a.along - b.along)
        .map((x) => x.s),
    );
  }
  return out;
}

/**
 * The conveyors in the order they are drawn and Tab takes their tags: the layout's (the order
 * items travel), but a lift's shaft right after the platform it carries, so its level sensors and
 * their names are drawn over the car as it passes them.
 */
function drawingOrder(layout: PlantLayout): number[] {
  const index = new Map(layout.conveyors.map((c, i) => [c.name, i]));
  const shaftOf = new Map<string, number[]>();
  const onShaft = new Set<string>();
  for (const p of layout.parts) {
    const first = p.carries.find((n) => index.has(n));
    if (first === undefined) continue;
    shaftOf.set(
      first,
      p.tracks.flatMap((n) => (index.has(n) ? [index.get(n)!] : [])),
    );
    for (const t of p.tracks) onShaft.add(t);
  }
  return layout.conveyors.flatMap((c, i) => (onShaft.has(c.name) ? [] : [i, ...(shaftOf.get(c.name) ?? [])]));
}

/** Tracks no one draws: a lift's shaft (its car is drawn), a track a machine carries (its gripper is). */
function hiddenTracks(layout: PlantLayout): Set<string> {
  const carried = new Set(layout.parts.flatMap((p) => p.carries));
  const out = trackNames(layout);
  for (const c of layout.conveyors) if (c.look === 'path' && carried.has(c.name)) out.add(c.name);
  return out;
}

/** The axes that travel end to end (a Bit command), and what rides them: drawn gliding there. */
function glidingParts(layout: PlantLayout): Set<string> {
  const out = new Set<string>();
  const twoEnd = (label: string, depth = 0): boolean => {
    const p = layout.parts.find((q) => q.label === label);
    if (!p || depth > 8) return false;
    if (p.part === 'axis' && p.tags.some((t) => t.role === 'command')) return true;
    return p.on !== undefined && twoEnd(p.on, depth + 1);
  };
  for (const p of layout.parts) if (twoEnd(p.label)) out.add(p.label);
  return out;
}

export function PlantView(props: PlantViewProps) {
  const [error, setError] = useState<string | undefined>();
  const [menu, setMenu] = useState<{ tag: PlacedTag; at: { x: number; y: number }; back: Element | null }>();
  const faults = !(props.restrictions?.hideFaultControls ?? false);
  const actions = useMemo(
    () => (props.actions ? plantActions(props.actions, faults, setError) : undefined),
    [props.actions, faults],
  );
  const onSelect = useRef(props.onSelect);
  onSelect.current = props.onSelect;
  // The same context while no tag, selection or action changes: a plant update (up to 30 a second)
  // then redraws only the belts whose state changed and the items, not every drawn tag.
  const ctx: PlantContext = useMemo(
    () => ({
      store: props.store,
      selectedId: props.selectedId,
      select: (id) => onSelect.current(id),
      actions,
      disabled: props.disabled,
      openMenu: (tag, at, back) => setMenu({ tag, at, back }),
      ...(props.hiddenFaults ? { hiddenFaults: props.hiddenFaults } : {}),
    }),
    // The store is changed in place; its version says when.
    [props.store, props.version, props.selectedId, actions, props.disabled, props.hiddenFaults],
  );
  const { layout, snapshot } = props;
  // Every tag's place and every name of the drawing, planned once per layout; the drawing's box
  // grows to hold them.
  const labels = useMemo(() => placeLabels(layout), [layout]);
  const frame = labels.frame;
  const spots = labels.spots;
  const byBelt = useMemo(() => spotsByBelt(layout, spots.spots), [layout, spots]);
  const hidden = useMemo(() => hiddenTracks(layout), [layout]);
  const glides = useMemo(() => glidingParts(layout), [layout]);
  const order = useMemo(() => drawingOrder(layout), [layout]);
  const gantries = useMemo(
    () => layout.parts.filter((p) => p.part === 'axis' || (p.on !== undefined && p.part === 'station')),
    [layout],
  );
  // Where the machines' moving parts are now: from the tags and the snapshot, every render.
  const machines = machineOffsets(layout, snapshot, (id) => props.store.get(id)?.value);
  const carried = carriedOffsets(layout, machines);
  const running = props.simulation ? props.simulation.state === 'running' && !props.virtualClock : true;
  const timeScale = props.simulation?.timeScale ?? 1;
  const machine = layout.conveyors.length > 0 || layout.parts.length > 0;
  const viewBox = `${frame.x * SCALE} ${frame.y * SCALE} ${frame.width * SCALE} ${frame.height * SCALE}`;
  const closeMenu = () => {
    const back = menu?.back;
    setMenu(undefined);
    if (back instanceof HTMLElement || back instanceof SVGElement) back.focus();
  };
  return (
    <PlantCtx.Provider value={ctx}>
      <section class="plant-view" aria-labelledby="plant-view-heading" data-version={props.version}>
        <h2 id="plant-view-heading" class="visually-hidden">{`Plant view of ${layout.scene}`}</h2>
        {machine ? (
          <div class="plant-drawing-frame">
            <div
              class="plant-drawing-stack"
              // At most one drawing unit a pixel: a small plant stays drawn at the size of a large one's parts.
              style={{ maxWidth: `${Math.round(frame.width * SCALE)}px` }}
            >
              <svg
                class="plant-drawing"
                role="group"
                aria-label={`${layout.scene}: machines, belts and sensors`}
                viewBox={viewBox}
                preserveAspectRatio="xMidYMin meet"
                data-time={snapshot?.timeMs}
              >
                <rect
                  class="plant-floor"
                  x={frame.x * SCALE}
                  y={frame.y * SCALE}
                  width={frame.width * SCALE}
                  height={frame.height * SCALE}
                />
                {/* Under the belts: lifts, turntables, stations' boxes. */}
                {layout.parts.map((p) =>
                  p.part === 'crane' ? null : (
                    <MachineBody
                      key={p.label}
                      part={p}
                      layout={layout}
                      offset={machines.get(p.label) ?? NONE}
                      snapshot={snapshot}
                    />
                  ),
                )}
                {/* The belts with their tags, in the order items travel: Tab takes them so. */}
                {order.map((i) => {
                  const c = layout.conveyors[i]!;
                  const state = conveyorState(snapshot, c.name);
                  const moves = running && (state?.running ?? false);
                  const offset = carried.get(c.name) ?? NONE;
                  return (
                    <MemoConveyor
                      key={c.name}
                      conveyor={c}
                      index={i}
                      running={moves}
                      speed={moves ? (state?.speed ?? 0) * timeScale : 0}
                      spots={byBelt.get(c.name) ?? EMPTY}
                      labels={labels.byKey}
                      dx={offset.dx}
                      dy={offset.dy}
                      hidden={hidden.has(c.name)}
                    />
                  );
                })}
                {/* Over the belts: tanks, a crane in the aisle before its rack, each machine's block of tags. */}
                {layout.parts.map((p) =>
                  p.part === 'tank' ? (
                    <Tank key={p.label} part={p} spots={spots} />
                  ) : p.part === 'crane' ? (
                    <MachineBody key={p.label} part={p} layout={layout} offset={NONE} snapshot={snapshot} />
                  ) : null,
                )}
                {[...spots.blocks.values()].map((b) => (
                  <PartBlock key={b.part} block={b} spots={spots} />
                ))}
              </svg>
              {/* The items move every frame: drawn in a layer of their own over the same viewBox, so
                  their movement repaints only them, not the plant beneath (docs/performance.md). */}
              <svg
                class="plant-items-layer"
                aria-hidden="true"
                viewBox={viewBox}
                preserveAspectRatio="xMidYMin meet"
              >
                <PlantItems
                  conveyors={layout.conveyors}
                  offsets={carried}
                  tracks={hidden}
                  snapshot={snapshot}
                  receivedAt={props.receivedAt}
                  running={running}
                  timeScale={timeScale}
                />
                {/* A gantry works above the belts and what they carry: drawn over the items. */}
                {gantries.map((p) => (
                  <Gantry
                    key={p.label}
                    part={p}
                    offset={machines.get(p.label) ?? NONE}
                    glides={glides.has(p.label)}
                  />
                ))}
              </svg>
            </div>
            {snapshot === undefined ? (
              <p class="plant-note" role="status">
                Waiting for the plant's state…
              </p>
            ) : null}
            <PlantLegend layout={layout} />
          </div>
        ) : (
          <p class="plant-note">
            This scene has no behaviours that place its machines, so its I/O is shown as lamps and switches.
          </p>
        )}
        <PlantUnsimulated parts={layout.parts} />
        <PlantUnsimulated parts={layout.parts} />
        <div class="plant-panels">
          {layout.panel ? <ControlPanel panel={layout.panel} /> : null}
          <IoPanel groups={layout.io} title={machine ? 'Other I/O' : 'I/O'} />
        </div>
        {error !== undefined ? (
          <div class="banner banner-error plant-error" role="alert">
            {error}
            <button type="button" class="small" onClick={() => setError(undefined)}>
              Dismiss
            </button>
          </div>
        ) : null}
        {menu && actions ? (
          <TagMenu
            tag={menu.tag}
            now={props.store.get(menu.tag.id)}
            at={menu.at}
            actions={actions}
            onClose={closeMenu}
          />
        ) : null}
      </section>
    </PlantCtx.Provider>
  );
}
