import type { BridgeApi } from '../../shared/bridge/bridge-spec.js';
import {
  studentRefusal,
  type StationRestrictions,
  type StudentControl,
} from '../../shared/bridge/restrictions.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';

/**
 * The bridge's methods that each student control covers (shared/bridge/restrictions.ts). The
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

/**
 * A lab station's bridge: every method of a control its student does not have answers
 * `studentRefusal(control)` and does nothing, whatever the window (or a script on its socket) sends.
 */
export function withStudentControls(api: BridgeApi, station: StationRestrictions): BridgeApi {
  const gated: Record<string, unknown> = { ...api };
  for (const [control, methods] of Object.entries(METHODS_OF) as [StudentControl, (keyof BridgeApi)[]][]) {
    if (station.allowed.includes(control)) continue;
    for (const method of methods)
      gated[method] = async () => {
        throw new BridgeArgumentError(studentRefusal(control, station.setBy));
      };
  }
  return gated as unknown as BridgeApi;
}
