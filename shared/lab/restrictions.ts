/**
 * What a lab keeps from the student's window: settings it cannot change (presets.json,
 * docs/desktop.md), whether it offers fault controls at all, and at a `tagsim lab` station which
 * of the student controls it offers (docs/lab.md). The host refuses what the window does not
 * show; the tag API stays as the simulator's.
 */
export interface UiRestrictions {
  /** Settings the window shows disabled: `port`, `host`, `pinnedTagIds`, `simulation.startRunning`... */
  locked: string[];
  /** No force, release or failure controls, no quick faults. */
  hideFaultControls: boolean;
  /** A lab station's window: who it is, and what its student may do there. */
  station?: StationRestrictions;
}

/**
 * The student's controls a lab can give or keep, one word each: choosing a scene (open, new,
 * save, snapshots), editing it, faults (force, release, failures), the simulation's controls
 * (run, pause, reset, time scale) and the virtual clock.
 */
export const STUDENT_CONTROLS = ['scenes', 'editing', 'faults', 'simulation', 'clock'] as const;
export type StudentControl = (typeof STUDENT_CONTROLS)[number];

/** What a lab station's student may do when the lab file does not say: run and pause their plant. */
export const DEFAULT_STUDENT_CONTROLS: readonly StudentControl[] = ['simulation'];

export interface StationRestrictions {
  /** "Lab station 2", "Lab station 2 (Bench 2)": the window's quiet line starts with it. */
  readonly name: string;
  /** The controls its student has; every other one is hidden in the window and refused by the host. */
  readonly allowed: readonly StudentControl[];
  /** Who chose them: a lab's instructor (the default), or the desktop app's presets (docs/desktop.md). */
  readonly setBy?: 'instructor' | 'presets';
}

/**
 * What the Modbus client's Settings form gets at a lab station: the lab (its file or the
 * machine's presets) chose the station's controller, and a student who could change it could
 * point the client at another bench's controller and write this plant's sensors into it.
 */
export const STATION_CLIENT_SETTINGS_REFUSED =
  "The Modbus client's settings: not at a lab station; the lab chose its controller.";

/** Why a locked setting is disabled, shown beside it. */
export const PRESETS_LOCKED_REASON = "Set by your lab's presets";

/** What a fault control called anyway gets, where the presets turned them off. */
export const FAULT_CONTROLS_REFUSED = "Fault controls are turned off by your lab's presets.";

/** The window's quiet line at a lab station: "Lab station 2 · controls set by the instructor". */
export function stationLine(station: StationRestrictions): string {
  return `${station.name} · controls set by ${station.setBy === 'presets' ? "your lab's presets" : 'the instructor'}`;
}

/** What a lab station's scene bar shows: its quiet line, and whether it offers scenes and editing. */
export interface StationBar {
  readonly line: string;
  readonly scenes: boolean;
  readonly editing: boolean;
}

/** The scene bar of a lab station's window; undefined outside a lab station. */
export function stationBar(restrictions: UiRestrictions | undefined): StationBar | undefined {
  const station = restrictions?.station;
  if (!station) return undefined;
  return {
    line: stationLine(station),
    scenes: mayUse(restrictions, 'scenes'),
    editing: mayUse(restrictions, 'editing'),
  };
}

const CONTROL_WORDS: Record<StudentControl, string> = {
  scenes: 'Choosing, saving and restoring scenes',
  editing: 'Editing the scene',
  faults: 'Forcing and failing tags',
  simulation: "The simulation's controls",
  clock: 'The virtual clock',
};

/** What a control the lab keeps from the student answers, if the window calls it anyway. */
export function studentRefusal(control: StudentControl, setBy?: StationRestrictions['setBy']): string {
  if (setBy !== 'presets')
    return `${CONTROL_WORDS[control]}: not at this lab station; the instructor sets its controls.`;
  // The presets' fault switch said this before it had a vocabulary; its words stay.
  return control === 'faults'
    ? FAULT_CONTROLS_REFUSED
    : `${CONTROL_WORDS[control]}: turned off by your lab's presets.`;
}

/**
 * What a value, force or failure on a tag that drives the simulation (`FACTORY I/O (Pause)`...)
 * answers in a window without the simulation's controls: setting it would pause or reset the plant.
 */
export function simulationTagRefusal(tagName: string, setBy?: StationRestrictions['setBy']): string {
  return `${tagName} runs, pauses or resets the simulation. ${studentRefusal('simulation', setBy)}`;
}

/** Whether the window offers `control` (everything, outside a lab station, but presets' faults). */
export function mayUse(restrictions: UiRestrictions | undefined, control: StudentControl): boolean {
  if (control === 'faults' && restrictions?.hideFaultControls) return false;
  return restrictions?.station?.allowed.includes(control) ?? true;
}

/** Whether the presets locked `setting` (`port`, `simulation.startRunning`...). */
export function isLocked(restrictions: UiRestrictions | undefined, setting: string): boolean {
  return restrictions?.locked.includes(setting) ?? false;
}
