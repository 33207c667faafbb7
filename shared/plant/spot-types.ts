import type { Box, Poly } from './drawn-marks.js';
import type { PlacedTag } from './plant-types.js';

// What the spot planner (spot-plan.ts) gives each tag drawn on the machine: its own place, which no
// other tag's mark or fault badge shares (docs/ui.md, "Plant view").

/** What stands for a tag on the drawing. */
export type SpotKind =
  'beam' | 'zone' | 'reader' | 'motor' | 'gate' | 'valve' | 'level' | 'setpoint' | 'readout' | 'chip';

export interface PlacedSpot {
  /** Unique in a drawing: "sensor <belt> <i>", "drive <belt> <k>", "gate <belt> <k>", "chip <machine> <i>"... */
  readonly key: string;
  readonly tag: PlacedTag;
  readonly kind: SpotKind;
  /** The belt or machine it is drawn on ("belt <name>", "part <label>"): marks it may touch. */
  readonly owner: string;
  /** Its drawn body, the area a click takes and the focus ring goes round, in metres of the page. */
  readonly body: Poly;
  /** Where its fault badges (F, !; a lab's "hidden" round them) are drawn, level on the page. */
  readonly badge: Box;
  /** On a belt: where along it (drawn metres from its start) and on which side (+1: right of the way items go). */
  readonly at?: number;
  readonly side?: 1 | -1;
}

/** A mark that stands for no tag: a belt, a track, a feeder, a sink, a machine's body. */
export interface StaticMark {
  readonly what: string;
  readonly poly: Poly;
}

/** A fault badge's box: F and ! side by side (TagSpot draws them 26 px apart), with a margin. */
export const BADGE = { width: 0.52, height: 0.26 } as const;
