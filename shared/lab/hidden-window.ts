import { convertTo } from '../core/convert.js';
import { offValue, onValue } from '../core/effective-value.js';
import { messages } from '../core/messages.js';
import type { ItemError, TagEngine } from '../core/tag-engine.js';
import type { WriteGuard } from '../core/engine-types.js';
import type { TagFailure } from '../core/tag-types.js';
import { LOCKED_TAG, withoutFailure, withoutForce, type HiddenFaults } from './hidden-faults.js';

/** A fault control of the window on one tag. */
export type WindowFaultAction = { force: unknown } | { release: true } | { failure: TagFailure };

/**
 * The window's force, release or failure on a tag whose fault the instructor hid (docs/lab.md,
 * "What the student sees"); undefined when the tag is not hidden, for the host to act as usual.
 * A locked fault answers LOCKED_TAG. Otherwise the window gets what any tag gives, so the fault
 * does not give itself away: its action goes into the engine where the instructor's fault leaves
 * the slot free (a force under a hidden failure is stored, and the failure wins, as on the real
 * simulator), and is kept as the student's own where the instructor's fault holds the slot; the
 * window shows it either way, and the plant and the API keep the instructor's fault.
 */
export function hiddenTagAction(
  engine: TagEngine,
  hidden: HiddenFaults,
  id: string,
  action: WindowFaultAction,
): ItemError | null | undefined {
  const entry = hidden.entry(id);
  if (!entry) return undefined;
  if (entry.locked) return { id, code: 400, error: LOCKED_TAG };
  const def = engine.scene.tags.find((t) => t.id === id);
  if (!def) return undefined;
  if ('failure' in action) {
    if (!entry.failure) return engine.setFailure(id, action.failure, 'ui');
    const failureValue =
      action.failure === 'alwaysOn'
        ? onValue(def)
        : action.failure === 'alwaysOff'
          ? offValue(def)
          : undefined;
    hidden.setOwn(id, {
      ...entry.own,
      failure: action.failure,
      ...(failureValue !== undefined ? { failureValue } : {}),
    });
    return null;
  }
  if (!entry.force)
    return 'release' in action
      ? (engine.release('id', [id], 'ui')[0] ?? null)
      : (engine.write('force', 'id', [{ id, value: action.force }], 'ui')[0] ?? null);
  if ('release' in action) {
    hidden.setOwn(id, withoutForce(entry.own));
    return null;
  }
  const converted = convertTo(def.type, action.force);
  if (converted === undefined) return { id, code: 406, error: messages.cannotConvert(def.type) };
  hidden.setOwn(id, { ...entry.own, forced: converted });
  return null;
}

/**
 * The window's Release all or Clear all failures where faults are hidden: every force (or
 * failure) in the engine but the instructor's, and the student's own on the hidden tags.
 */
export function clearAroundHidden(
  engine: TagEngine,
  hidden: HiddenFaults,
  what: 'forces' | 'failures',
): void {
  const theirs = (id: string) => {
    const entry = hidden.entry(id);
    return entry !== undefined && (what === 'forces' ? entry.force : entry.failure);
  };
  for (const id of hidden.list()) {
    const entry = hidden.entry(id)!;
    if (what === 'forces' && entry.force) hidden.setOwn(id, withoutForce(entry.own));
    if (what === 'failures' && entry.failure) hidden.setOwn(id, withoutFailure(entry.own));
  }
  const tags = engine.listTags().filter((t) => !theirs(t.id));
  if (what === 'forces')
    engine.releaseAll(
      'ui',
      tags.map((t) => t.id),
    );
  else
    for (const failure of ['alwaysOff', 'alwaysOn'] as const) {
      const items = tags.filter((t) => (failure === 'alwaysOn' ? t.shortCircuit : t.openCircuit));
      engine.write(
        failure,
        'id',
        items.map((t) => ({ id: t.id, value: false })),
        'ui',
      );
    }
}

/**
 * The tag API's side of a locked hidden fault (LabFault.locked): it holds its tag's effective
 * value against every force, release and failure write of a client, each answering LOCKED_TAG for
 * that tag, as the window's controls do. A failure write is refused whatever its value: a failure
 * wins over the instructor's force (an Always Off under a locked force to true read false), and a
 * clear would take the instructor's failure off. Only a force or release on a tag whose locked
 * fault is a failure alone is taken (stored under it; the failure still wins), and plain value
 * writes are never refused.
 */
export function lockedFaultGuard(hidden: HiddenFaults): WriteGuard {
  return (id, operation, _value, source) => {
    const entry = hidden.entry(id);
    if (!entry?.locked || source !== 'api') return undefined;
    const underFailure = (operation === 'release' || operation === 'force') && !entry.force;
    return underFailure ? undefined : { code: 400, error: LOCKED_TAG };
  };
}
