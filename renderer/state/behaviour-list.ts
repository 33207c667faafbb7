import { isConveyor, isStackerCrane, type Behaviour } from '../../shared/sim/behaviour-types.js';
import { behaviourKind, type BehaviourKind } from './behaviour-summary.js';

/**
 * A copy of entry `index` to insert after it: a named rule or generator is called "<name> copy",
 * a conveyor takes a free name ("<name> copy", "<name> copy 2"...), since two conveyors may not
 * share one. Everything else is the same (a copied generator still drives the same tag, which
 * the host refuses: the editor then shows the copy to fix).
 */
export function duplicateOf(behaviours: readonly Behaviour[], index: number): Behaviour {
  const b = behaviours[index]!;
  if (isConveyor(b)) {
    const taken = new Set(behaviours.filter(isConveyor).map((c) => c.conveyor));
    let name = `${b.conveyor} copy`;
    for (let n = 2; taken.has(name); n++) name = `${b.conveyor} copy ${n}`;
    return { ...b, conveyor: name };
  }
  if (isStackerCrane(b)) return { ...b, stackerCrane: `${b.stackerCrane} copy` };
  return b.name ? { ...b, name: `${b.name} copy` } : { ...b };
}

/** "3 rules, 1 signal, 2 conveyors": what the list holds, for its heading. */
export function kindCounts(behaviours: readonly Behaviour[]): string {
  const counts = new Map<BehaviourKind, number>();
  for (const b of behaviours) counts.set(behaviourKind(b), (counts.get(behaviourKind(b)) ?? 0) + 1);
  const words: Record<BehaviourKind, string> = {
    rule: 'rule',
    signal: 'signal',
    conveyor: 'conveyor',
    crane: 'crane',
  };
  return (['rule', 'signal', 'conveyor', 'crane'] as const)
    .filter((k) => counts.has(k))
    .map((k) => `${counts.get(k)} ${words[k]}${counts.get(k) === 1 ? '' : 's'}`)
    .join(', ');
}

/** The entry to select once `index` is deleted from a list of `count`: the next, else the last. */
export function selectionAfterDelete(index: number, count: number): number | undefined {
  const left = count - 1;
  if (left <= 0) return undefined;
  return Math.min(index, left - 1);
}
