import { createContext } from 'preact';
import type { PlacedTag } from '../../shared/plant/plant-types.js';
import type { TagStore } from '../state/tag-store.js';
import type { PlantActions } from './plant-actions.js';

/** What every drawn part of the Plant view reaches for: tags, selection, actions, the menu. */
export interface PlantContext {
  store: TagStore;
  selectedId: string | undefined;
  select(id: string): void;
  /** What a click, a press or the tag menu does; undefined in a view that only shows (the lab dashboard's). */
  actions: PlantActions | undefined;
  /** Opens the tag menu (pulse, force, Always On / Off, release) at a point of the window. */
  openMenu(tag: PlacedTag, at: { x: number; y: number }, returnFocus: Element | null): void;
  disabled: boolean;
  /**
   * Tags whose fault is hidden from the student: the instructor's view of a station (lab
   * dashboard) marks them on the drawing. A student's window never has any.
   */
  hiddenFaults?: ReadonlySet<string>;
}

export const PlantCtx = createContext<PlantContext | undefined>(undefined);
