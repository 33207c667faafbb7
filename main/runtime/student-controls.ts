import type { BridgeApi } from '../../shared/bridge/bridge-spec.js';
import { isSimulationControlTag } from '../../shared/core/system-tags.js';
import type { TagKind } from '../../shared/core/tag-types.js';
import {
  FAULT_CONTROLS_REFUSED,
  simulationTagRefusal,
  STATION_CLIENT_SETTINGS_REFUSED,
  studentRefusal,
  type StationRestrictions,
  type StudentControl,
  type UiRestrictions,
} from '../../shared/lab/restrictions.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import { lockedChanges, SettingsLockedError, type LockableSetting } from '../settings/locked-settings.js';
import type { Settings } from '../settings/settings.js';

/**
 * The bridge's methods that each student control covers (shared/lab/restrictions.ts). The
 * fault methods are the host's own to refuse: a hidden fault's tag and the presets' student mode
 * have words of their own. Reading (getState, listRequests...) and setting a value are always
 * the student's.
 */
const METHODS_OF: Record<Exclude<StudentControl, 'faults'>, readonly (keyof BridgeApi)[]> = {
  scenes: ['openScene', 'newScene', 'saveScene', 'saveSnapshot', 'restoreSnapshot'],
  editing: ['editScene', 'undoEdit', 'redoEdit'],
  simulation: ['runSimulation', 'pauseSimulation', 'resetSimulation', 'setTimeScale'],
  clock: ['setClock', 'advanceClock', 'stepClock'],
};

/** The methods that act on one tag by id: on a tag that drives the simulation, they are its controls. */
const TAG_METHODS = ['setValue', 'force', 'release', 'setFailure'] as const;

/**
 * A lab station's bridge: every method of a control its student does not have answers
 * `studentRefusal(control)` and does nothing, whatever the window (or a script on its socket) sends.
 * Without the simulation's controls, a value, force or failure on `FACTORY I/O (Run)`, `(Pause)`
 * or `(Reset)` is refused too: it would run, pause or reset the plant as the buttons do. `tagOf`
 * finds a tag of the scene served now by its id.
 */
export function withStudentControls(
  api: BridgeApi,
  station: StationRestrictions,
  tagOf: (id: string) => { readonly name: string; readonly kind: TagKind } | undefined,
): BridgeApi {
  const gated: Record<string, unknown> = { ...api };
  for (const [control, methods] of Object.entries(METHODS_OF) as [StudentControl, (keyof BridgeApi)[]][]) {
    if (station.allowed.includes(control)) continue;
    for (const method of methods)
      gated[method] = async () => {
        throw new BridgeArgumentError(studentRefusal(control, station.setBy));
      };
  }
  gated['setModbusClientSettings'] = async () => {
    throw new BridgeArgumentError(STATION_CLIENT_SETTINGS_REFUSED);
  };
  if (!station.allowed.includes('simulation'))
    for (const method of TAG_METHODS) {
      const act = gated[method] as (args: { id: string }) => Promise<unknown>;
      gated[method] = async (args: { id: string }) => {
        const tag = tagOf(args.id);
        if (tag && isSimulationControlTag(tag))
          throw new BridgeArgumentError(simulationTagRefusal(tag.name, station.setBy));
        return act(args);
      };
    }
  return gated as unknown as BridgeApi;
}

/**
 * What a window may not do: the settings its presets lock, and the fault controls that a lab
 * station without `faults` or presets that hide them take away (refused in words of their own).
 */
export function windowRestrictions(
  settings: { readonly locked?: readonly LockableSetting[]; get(): Settings },
  window: { readonly station?: StationRestrictions; readonly hideFaultControls?: boolean },
): {
  faultsOff: boolean;
  refuseFaultControls: () => void;
  refuseLocked: (change: Partial<Settings>) => void;
  restrictions: () => UiRestrictions | undefined;
} {
  const { station } = window;
  const stationFaultsOff = station !== undefined && !station.allowed.includes('faults');
  const faultsOff = window.hideFaultControls === true || stationFaultsOff;
  return {
    faultsOff,
    refuseFaultControls: () => {
      if (stationFaultsOff) throw new BridgeArgumentError(studentRefusal('faults', station.setBy));
      if (window.hideFaultControls) throw new BridgeArgumentError(FAULT_CONTROLS_REFUSED);
    },
    // The settings store refuses too; asked first, so nothing (the server's port) changes before.
    refuseLocked: (change) => {
      const refused = lockedChanges(change, settings.get(), settings.locked ?? []);
      if (refused.length > 0) throw new BridgeArgumentError(new SettingsLockedError(refused).message);
    },
    restrictions: () =>
      (settings.locked?.length ?? 0) > 0 || faultsOff || station
        ? {
            locked: [...(settings.locked ?? [])],
            hideFaultControls: faultsOff,
            ...(station ? { station: { ...station, allowed: [...station.allowed] } } : {}),
          }
        : undefined,
  };
}
