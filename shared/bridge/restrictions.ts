/**
 * What a lab's presets (docs/desktop.md, presets.json) keep from the student's window: settings
 * it cannot change, and whether it offers fault controls at all. The host refuses what the
 * window does not show; the tag API stays as the simulator's.
 */
export interface UiRestrictions {
  /** Settings the window shows disabled: `port`, `host`, `pinnedTagIds`, `simulation.startRunning`... */
  locked: string[];
  /** No force, release or failure controls, no quick faults. */
  hideFaultControls: boolean;
}

/** Why a locked setting is disabled, shown beside it. */
export const PRESETS_LOCKED_REASON = "Set by your lab's presets";

/** What a fault control called anyway gets, where the presets turned them off. */
export const FAULT_CONTROLS_REFUSED = "Fault controls are turned off by your lab's presets.";

/** Whether the presets locked `setting` (`port`, `simulation.startRunning`...). */
export function isLocked(restrictions: UiRestrictions | undefined, setting: string): boolean {
  return restrictions?.locked.includes(setting) ?? false;
}
