import type { FaultLog } from '../../shared/lab/fault-log.js';
import { selectedStations, type LabAction } from '../../shared/lab/lab-actions.js';
import { activeFaults, applyFault, clearAllFaults, clearFault } from '../../shared/lab/lab-fault.js';
import type { InstructorTag, StationOutcome, StationOverview } from '../../shared/lab/lab-views.js';
import type { Lab, LabStation } from './lab-types.js';

export function stationOverview(station: LabStation): StationOverview {
  const { tagsim } = station;
  return {
    number: station.number,
    label: station.label,
    url: tagsim.url,
    windowUrl: tagsim.uiUrl,
    scene: tagsim.engine.scene.name,
    tagCount: tagsim.engine.tagCount,
    simulation: tagsim.simulation.status,
    activity: station.monitor.read(),
    faults: activeFaults(tagsim.engine, station.hidden),
  };
}

export function instructorTags(station: LabStation): InstructorTag[] {
  return station.tagsim.engine.listTagStates().map((tag) => ({ ...tag, hidden: station.hidden.has(tag.id) }));
}

/**
 * Does an action on the stations it names, each on its own (one station's missing tag does not
 * stop the others), logging every fault put on or taken off. Returns each station's outcome, or
 * why the selection names no station of this lab.
 */
export function runLabAction(
  lab: Lab,
  log: FaultLog,
  action: LabAction,
  by: string,
  now: () => number = Date.now,
): StationOutcome[] | string {
  const numbers = selectedStations(action.stations, lab.stations.length);
  if (typeof numbers === 'string') return numbers;
  return numbers.map((number) => {
    const station = lab.stations[number - 1]!;
    const error = actOn(station, action, log, by, now);
    return error === undefined ? { station: number, ok: true } : { station: number, ok: false, error };
  });
}

function actOn(
  station: LabStation,
  action: LabAction,
  log: FaultLog,
  by: string,
  now: () => number,
): string | undefined {
  const { simulation, engine } = station.tagsim;
  const record = (entry: Omit<Parameters<FaultLog['add']>[0], 'at' | 'station' | 'by'>) =>
    log.add({ at: now(), station: station.number, by, ...entry });
  switch (action.action) {
    case 'run':
      simulation.run();
      return undefined;
    case 'pause':
      simulation.pause();
      return undefined;
    case 'reset':
      simulation.reset();
      return undefined;
    case 'applyFault': {
      const { fault } = action;
      const error = applyFault(engine, station, fault);
      record({
        action: 'applied',
        tag: fault.tag,
        kind: fault.kind,
        ...(fault.value !== undefined ? { value: fault.value } : {}),
        hidden: fault.hidden === true,
        ...(fault.locked === true ? { locked: true } : {}),
        ...(error !== undefined ? { error } : {}),
      });
      return error;
    }
    case 'clearFault': {
      const error = clearFault(engine, station, action.tag, action.kind, action.id);
      record({
        action: 'cleared',
        tag: action.tag,
        kind: action.kind,
        hidden: false,
        ...(error !== undefined ? { error } : {}),
      });
      return error;
    }
    case 'clearAllFaults':
      clearAllFaults(engine, station);
      record({ action: 'cleared', tag: '', kind: 'all', hidden: false });
      return undefined;
  }
}
