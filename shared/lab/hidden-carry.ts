import type { TagEngine } from '../core/tag-engine.js';
import type { TagFailure, TagValue } from '../core/tag-types.js';
import type { HiddenFaults } from './hidden-faults.js';

/** A hidden tag's fault as it was before something replaced every tag's state. */
interface HeldFault {
  readonly id: string;
  readonly name: string;
  readonly forced: TagValue | undefined;
  readonly failure: TagFailure;
}

/**
 * Runs something that replaces every tag's state (a reset, another scene, a state restored)
 * and puts each hidden fault back on its tag afterwards, hidden still: the student's window or
 * the station's control API does not take the instructor's faults off this way (docs/lab.md). A
 * hidden tag that is no longer there (the new scene has no tag of that id and name) loses its
 * fault, and `hidden.lost` says so, with `by`.
 */
export async function carryHiddenFaults<T>(
  hidden: HiddenFaults,
  engine: TagEngine,
  by: string,
  action: () => Promise<T> | T,
): Promise<T> {
  if (hidden.size === 0) return action();
  const held: HeldFault[] = hidden.list().flatMap((id) => {
    const tag = engine.getTag(id);
    if (!tag) return [];
    const failure = tag.shortCircuit ? 'alwaysOn' : tag.openCircuit ? 'alwaysOff' : 'none';
    return [{ id, name: tag.name, forced: tag.isForced ? tag.forcedValue : undefined, failure }];
  });
  const release = hidden.hold();
  try {
    return await action();
  } finally {
    release();
    const lost = held.filter((fault) => !putBack(engine, fault));
    hidden.reveal(lost.map((f) => f.id));
    if (lost.length > 0) hidden.lost.emit({ names: lost.map((f) => f.name), by });
  }
}

/** Puts a held fault back on its tag; false when the tag is gone or no longer takes it. */
function putBack(engine: TagEngine, fault: HeldFault): boolean {
  if (engine.getTag(fault.id)?.name !== fault.name) return false;
  if (fault.forced !== undefined) {
    const errors = engine.write('force', 'id', [{ id: fault.id, value: fault.forced }], 'ui');
    if (errors.length > 0) return false;
  }
  if (fault.failure !== 'none') engine.setFailure(fault.id, fault.failure, 'ui');
  return true;
}
