import type {
  ActionResult,
  BridgeApi,
  BridgeEventMessage,
  SceneInfo,
  TagsEvent,
} from '../../shared/bridge/bridge-spec.js';
import { Coalescer, type Schedule } from '../../shared/core/coalescer.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import type { TagState } from '../../shared/core/tag-types.js';
import type { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import {
  clearAroundHidden,
  hiddenTagAction,
  type WindowFaultAction,
} from '../../shared/lab/hidden-window.js';
import type { Settings } from '../settings/settings.js';
import type { SettingsStore } from '../settings/settings-store.js';

/** At most about 30 tag updates a second reach a window, however busy the API is. */
export const TAG_EVENT_INTERVAL_MS = 33;

export interface BridgeTagsDeps {
  engine: TagEngine;
  settings: SettingsStore;
  /** Faults an instructor hid from this window: masked in what it sees and beyond its controls. */
  hidden: HiddenFaults | undefined;
  /** Refuses a fault control where the lab or the presets took them away (windowRestrictions). */
  refuseFaultControls(): void;
  /** Refuses a change to a setting the presets lock (windowRestrictions). */
  refuseLocked(change: Partial<Settings>): void;
  emit(message: BridgeEventMessage): void;
  schedule: Schedule;
  now: () => number;
}

/** The bridge's side of the tags: their methods, what getState says of them, their events. */
export interface BridgeTags {
  readonly api: Pick<
    BridgeApi,
    'setValue' | 'force' | 'release' | 'setFailure' | 'releaseAll' | 'clearFailures' | 'setPinned'
  >;
  /** The scene's name and tag count, and every tag as this window may see it (getState). */
  state(): { scene: SceneInfo; tags: TagState[] };
  /** Every tag as this window may see it: a hidden fault looks absent. */
  shownTags(): TagState[];
  dispose(): void;
}

/**
 * The bridge's tag methods (values, forces, failures, pins) over the engine, and the tag events:
 * the engine's changes coalesced to at most one event per TAG_EVENT_INTERVAL_MS, with the whole
 * list after a scene change. A lab's hidden faults are masked in both and left alone by the
 * window's fault controls.
 */
export function createBridgeTags(deps: BridgeTagsDeps): BridgeTags {
  const { engine, settings, hidden, refuseFaultControls, refuseLocked, emit } = deps;
  const sceneInfo = (): SceneInfo => ({ name: engine.scene.name, tagCount: engine.tagCount });
  const shown = (tags: TagState[]): TagState[] =>
    hidden && hidden.size > 0 ? tags.map((tag) => hidden.mask(tag)) : tags;
  /** A fault control on one tag: refused where the lab or presets say so, masked where the fault is hidden. */
  const onTag = (id: string, action: WindowFaultAction, otherwise: () => ActionResult): ActionResult => {
    refuseFaultControls();
    const masked = hidden ? hiddenTagAction(engine, hidden, id, action) : undefined;
    return masked !== undefined ? masked : otherwise();
  };
  const first = (errors: ItemError[]): ActionResult => errors[0] ?? null;

  let sceneChanged = false;
  const tagUpdates = new Coalescer<string>(
    (ids) => {
      const payload: TagsEvent = sceneChanged
        ? { sceneChanged: true, scene: sceneInfo(), tags: shown(engine.listTagStates()) }
        : {
            sceneChanged: false,
            scene: sceneInfo(),
            tags: shown([...ids].flatMap((id) => engine.getTagState(id) ?? [])),
          };
      sceneChanged = false;
      emit({ event: 'tags', payload });
    },
    TAG_EVENT_INTERVAL_MS,
    deps.schedule,
    deps.now,
  );
  const unsubscribers = [
    engine.subscribe((change) => {
      if (change.sceneChanged) sceneChanged = true;
      tagUpdates.add(change.tagIds);
    }),
    // A tag hidden or shown again is sent anew, as it now looks.
    hidden?.changes.on((ids) => tagUpdates.add(ids)) ?? (() => undefined),
  ];

  return {
    api: {
      setValue: async ({ id, value }) => first(engine.simulate('id', [{ ref: id, value }], 'ui')),
      force: async ({ id, value }) =>
        onTag(id, { force: value }, () => first(engine.write('force', 'id', [{ id, value }], 'ui'))),
      release: async ({ id }) => onTag(id, { release: true }, () => first(engine.release('id', [id], 'ui'))),
      setFailure: async ({ id, failure }) =>
        onTag(id, { failure }, () => engine.setFailure(id, failure, 'ui')),
      releaseAll: async () => {
        refuseFaultControls();
        if (!hidden || hidden.size === 0) return engine.releaseAll('ui');
        clearAroundHidden(engine, hidden, 'forces');
      },
      clearFailures: async () => {
        refuseFaultControls();
        if (!hidden || hidden.size === 0) return engine.clearFailures('ui');
        clearAroundHidden(engine, hidden, 'failures');
      },
      setPinned: async ({ id, pinned }) => {
        const current = settings.get().pinnedTagIds.filter((p) => p !== id);
        const next = pinned ? [...current, id] : current;
        refuseLocked({ pinnedTagIds: next });
        await settings.update({ pinnedTagIds: next });
        emit({ event: 'pinned', payload: next });
        return next;
      },
    },
    state: () => ({ scene: sceneInfo(), tags: shown(engine.listTagStates()) }),
    shownTags: () => shown(engine.listTagStates()),
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
