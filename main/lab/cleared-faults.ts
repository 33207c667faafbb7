import { revealCleared } from '../../shared/lab/lab-fault.js';
import type { FaultLog } from '../../shared/lab/fault-log.js';
import type { LabStation } from './lab-types.js';

/** Who the report names when a station's own client took a fault off, replaced or defeated it. */
export const CLEARED_BY_CLIENT = "the station's client";

/**
 * Keeps the fault log and a station's hidden faults true to its tags. Every change the student's
 * client makes over the tag API (or Modbus) to one of the instructor's faults gets a row naming
 * it: cleared (released, Always Off/On false), replaced (forced to another value, the other
 * failure) or defeated (a failure over the instructor's force, which a failure wins over). A
 * hidden fault the client cleared or replaced is the instructor's no more, so the window shows
 * that slot again, and a later fault of the student's own is not hidden from them. A hidden fault
 * that went with its tag in another scene is logged with who changed the scene. Other changes
 * (the instructor's own, the window's, a scene) only bring the record of the instructor's faults
 * up to date.
 */
export function watchClearedFaults(
  station: LabStation,
  log: FaultLog,
  now: () => number = Date.now,
): () => void {
  const { engine } = station.tagsim;
  const { hidden, instructor } = station;
  // A hidden fault whose tag went with a scene change (the window's, the control API's).
  const stopLost = hidden.lost.on(({ names, by }) =>
    names.forEach((tag) =>
      log.add({ at: now(), station: station.number, action: 'cleared', tag, kind: 'all', hidden: false, by }),
    ),
  );
  const stopChanges = engine.subscribe((change) => {
    const ids = change.sceneChanged ? [...new Set([...hidden.list(), ...instructor.ids()])] : change.tagIds;
    for (const id of ids) {
      const theirs = instructor.get(id);
      if (!theirs) continue;
      const tag = engine.getTag(id);
      if (!tag || tag.name !== theirs.name) {
        instructor.forget(id);
        continue;
      }
      // A hidden fault that a reset or scene change carries is put back on its tag afterwards.
      if (hidden.isCarrying && hidden.has(id)) continue;
      const wasHidden = hidden.has(id);
      const locked = hidden.isLocked(id);
      for (const { action, kind, value } of instructor.settle(tag)) {
        if (change.source !== 'api') continue;
        log.add({
          at: now(),
          station: station.number,
          action,
          tag: tag.name,
          kind,
          ...(value !== undefined ? { value } : {}),
          hidden: wasHidden,
          ...(locked ? { locked } : {}),
          by: CLEARED_BY_CLIENT,
        });
        if (action !== 'defeated') hidden.free(id, kind === 'force' ? 'force' : 'failure');
      }
    }
    revealCleared(engine, hidden, ids);
  });
  return () => {
    stopLost();
    stopChanges();
  };
}
