/**
 * A conveyor's counts read in place, for a grader that looks at every tick (an exercise's
 * criteria, docs/lab.md): no copy is made. The counts start over with the plant (a reset).
 */
export interface ConveyorTally {
  readonly name: string;
  /** Whether the belt moved at the last step (its `runs` held). */
  readonly running: boolean;
  /** Items (of this label, or all) that came onto this conveyor: fed at its start or handed over. */
  entered(label?: string): number;
  /** Items (of this label, or all) that left the plant here: its end (`end: "remove"`) or a remover. */
  exited(label?: string): number;
  /** Items (of this label, or all) on it now. */
  on(label?: string): number;
}

/** Counts one more item of `label`. */
export function tally(counts: Map<string, number>, label: string): void {
  counts.set(label, (counts.get(label) ?? 0) + 1);
}

/** The count of one label, or of all of them. */
export function counted(counts: ReadonlyMap<string, number>, label: string | undefined): number {
  if (label !== undefined) return counts.get(label) ?? 0;
  let n = 0;
  for (const value of counts.values()) n += value;
  return n;
}
