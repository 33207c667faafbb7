/** Kind of a tag from the controller's point of view, as the API spells it in responses. */
export type TagKind = 'Input' | 'Output';

/** Data type of a tag's value, as the API spells it in responses. */
export type TagType = 'Bit' | 'Int' | 'Float';

/** A value as it travels on the wire: boolean for Bit, number for Int and Float. */
export type TagValue = boolean | number;

/** Failure injected on a tag: Always Off (open circuit) or Always On (short circuit). */
export type TagFailure = 'none' | 'alwaysOff' | 'alwaysOn';

export const TAG_KINDS: readonly TagKind[] = ['Input', 'Output'];
export const TAG_TYPES: readonly TagType[] = ['Bit', 'Int', 'Float'];

/** What a scene says about a tag; everything else about it is runtime state. */
export interface TagDefinition {
  readonly id: string;
  readonly name: string;
  readonly kind: TagKind;
  readonly type: TagType;
  readonly address: number;
  /** Value the tag starts with (and returns to on a simulation reset). Defaults to OFF. */
  readonly initial?: TagValue;
  /** Range maximum for Int and Float; Always On saturates to it. */
  readonly max?: number;
  /** Range minimum for Int and Float (informative for now). */
  readonly min?: number;
  readonly description?: string;
  /**
   * The state it starts in (and returns to when a snapshot leaves it out), as a saved scene of the
   * simulator keeps it: forced, the value a force applies (kept after a release; default OFF), and
   * a failure. Absent: not forced, OFF, no failure.
   */
  readonly forced?: boolean;
  readonly forcedValue?: TagValue;
  readonly failure?: Exclude<TagFailure, 'none'>;
}

/** A tag as `GET /api/tags` shows it: definition plus state, `value` being the effective value. */
export interface ApiTag {
  name: string;
  id: string;
  address: number;
  type: TagType;
  kind: TagKind;
  value: TagValue;
  openCircuit: boolean;
  shortCircuit: boolean;
  isForced: boolean;
  forcedValue: TagValue;
}

/** A tag as the UI sees it: the API's view plus the raw value under any force or failure. */
export interface TagState extends ApiTag {
  raw: TagValue;
  /** Forced as its scene forces it (an emitter forced on): part of the scene, not a fault. */
  sceneForced?: true;
}
