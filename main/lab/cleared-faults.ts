import { revealCleared } from '../../shared/lab/lab-fault.js';
import type { FaultLog } from '../../shared/lab/fault-log.js';
import type { LabStation } from './lab-types.js';

/** Who the report names when a station's own client took a fault off. */
export const CLEARED_BY_CLIENT = "the station's client";

/**
 * Keeps a station's hidden faults true to its tags: a hidden tag whose fault came off another
 * way than the instructor's (the student's program over the tag API) is shown again, so a later
 * fault of the student's own is not hidden from them. A fault the student's client took off, or
 * that went with its tag in another scene, is logged with who did it, so the report knows it ended.
 */
export function watchClearedFaults(
  station: LabStation,
  log: FaultLog,
  now: () => number = Date.now,
): () => void {
  const { engine } = station.tagsim;
  const cleared = (tag: string, by: string) =>
    log.add({ at: now(), station: station.number, action: 'cleared', tag, kind: 'all', hidden: false, by });
  // A hidden fault whose tag went with a scene change (the window's, the control API's).
  const stopLost = station.hidden.lost.on(({ names, by }) => names.forEach((name) => cleared(name, by)));
  const stopChanges = engine.subscribe((change) => {
    const ids = change.sceneChanged ? station.hidden.list() : change.tagIds;
    const revealed = revealCleared(engine, station.hidden, ids);
    if (change.source !== 'api') return;
    for (const id of revealed) cleared(engine.getTag(id)?.name ?? id, CLEARED_BY_CLIENT);
  });
  return () => {
    stopLost();
    stopChanges();
  };
}
