import { Type } from '@sinclair/typebox';
import { compileWildcard } from '../core/wildcard.js';
import { show } from '../problems/json-words.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';
import { deriveSeed, mulberry32, type Random } from '../sim/random.js';

/**
 * Chaos for the tag API (docs/control-api.md#chaos): rules that make some requests slow, fail or
 * lose their connection, so that a client's tests can see how it copes. Each rule matches a
 * method and a path wildcard, fires with a probability (drawn from the run's seed) and at most
 * `times` times; the first rule that fires shapes the request.
 */
export interface ChaosRule {
  /** The method it matches (`GET`, `PUT`...), or `*` (the default): any. */
  readonly method?: string;
  /** A wildcard on the request's path (`*` and `?`, letter case ignored); default `*`. */
  readonly path?: string;
  /** How likely it fires on a request it matches, 0 to 1 (default 1). */
  readonly probability?: number;
  /** How long the answer is held, in ms, or a range `[min, max]` drawn from (at most 60 s). */
  readonly latencyMs?: number | readonly [number, number];
  /** An error status to answer instead of serving the request (400 to 599). */
  readonly status?: number;
  /** `true`: drop the connection instead of answering. */
  readonly reset?: boolean;
  /** Fire at most this many times (default: no limit). */
  readonly times?: number;
}

/** What a rule that fired does to one request. */
export interface ChaosShot {
  /** The rule's place in the list (from 0). */
  readonly rule: number;
  readonly latencyMs: number;
  readonly status?: number;
  readonly reset?: boolean;
}

/** A rule and how often it fired. */
export type ChaosRuleState = ChaosRule & { readonly hits: number };

/**
 * Limits that bound what the rules cost each request: a wildcard costs up to its length times the
 * path's, so rules, their wildcards and the paths they are tried on are all bounded (a path longer
 * than MAX_MATCHED_PATH, which no route of the tag API needs, matches only rules without a path).
 */
export const MAX_CHAOS_RULES = 50;
export const MAX_RULE_PATH = 256;
export const MAX_MATCHED_PATH = 512;
/** The longest an answer is held: a rule cannot hold connections for longer than a minute. */
export const MAX_CHAOS_LATENCY_MS = 60_000;
/** Which of the run's random streams chaos draws from (the plant's behaviours use others). */
const CHAOS_STREAM = 0xc4a05;

const milliseconds = Type.Integer({ minimum: 0, maximum: MAX_CHAOS_LATENCY_MS });
const closed = { additionalProperties: false } as const;

const ChaosRuleSchema = Type.Object(
  {
    method: Type.Optional(
      says(Type.String({ pattern: '^([A-Za-z]{1,20}|\\*)$' }), {
        invalid: (v) => `must be a method like "GET" or "PUT", or "*" for any; got ${show(v)}`,
      }),
    ),
    path: Type.Optional(
      says(Type.String({ minLength: 1, maxLength: MAX_RULE_PATH }), {
        invalid: (v) =>
          `must be a path wildcard like "/api/tag/values*" (1 to ${MAX_RULE_PATH} characters); got ${show(v)}`,
      }),
    ),
    probability: Type.Optional(
      says(Type.Number({ minimum: 0, maximum: 1 }), {
        invalid: (v) => `must be a number from 0 to 1; got ${show(v)}`,
      }),
    ),
    latencyMs: Type.Optional(
      says(Type.Union([milliseconds, Type.Tuple([milliseconds, milliseconds])]), {
        invalid: (v) =>
          `must be a whole number of milliseconds from 0 to ${MAX_CHAOS_LATENCY_MS}, or a range [min, max] of them; got ${show(v)}`,
      }),
    ),
    status: Type.Optional(
      says(Type.Integer({ minimum: 400, maximum: 599 }), {
        invalid: (v) => `must be an error status from 400 to 599; got ${show(v)}`,
      }),
    ),
    reset: Type.Optional(says(Type.Boolean(), { invalid: (v) => `must be true or false; got ${show(v)}` })),
    times: Type.Optional(
      says(Type.Integer({ minimum: 1, maximum: 1_000_000_000 }), {
        invalid: (v) => `must be a whole number from 1 to 1000000000; got ${show(v)}`,
      }),
    ),
  },
  closed,
);

/** `{"rules": [...]}`: the body of `PUT /tagsim/v1/chaos` and the content of a `--chaos` file. */
export const CHAOS_RULES_SHAPE: Shape = {
  schema: Type.Object(
    {
      rules: says(Type.Array(ChaosRuleSchema, { maxItems: MAX_CHAOS_RULES }), {
        invalid: (v) =>
          Array.isArray(v)
            ? `has ${v.length} rules; at most ${MAX_CHAOS_RULES}`
            : `must be an array of rules; got ${show(v)}`,
      }),
    },
    closed,
  ),
  refs: [],
};

/** Every problem of a chaos rule list, placed (`rules[0].probability: 2 is above 1`). */
export function chaosRulesProblems(value: unknown): { path: string; message: string }[] {
  const problems = placeProblems(CHAOS_RULES_SHAPE, value, '', shapeProblems(CHAOS_RULES_SHAPE, value));
  if (problems.length > 0) return problems;
  (value as { rules: ChaosRule[] }).rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if (rule.status === undefined && rule.reset !== true && rule.latencyMs === undefined)
      problems.push({ path: at, message: 'does nothing: give it a latencyMs, a status or reset: true' });
    if (rule.status !== undefined && rule.reset === true)
      problems.push({ path: at, message: 'cannot both answer a status and drop the connection (reset)' });
    if (Array.isArray(rule.latencyMs) && rule.latencyMs[0] > rule.latencyMs[1])
      problems.push({
        path: `${at}.latencyMs`,
        message: `[${rule.latencyMs.join(', ')}] has its min above its max`,
      });
  });
  return problems;
}

interface CompiledRule {
  readonly rule: ChaosRule;
  readonly method: string | undefined;
  /** Undefined: any path. */
  readonly path: ((path: string) => boolean) | undefined;
  hits: number;
}

/**
 * The rules in force and what they did. Random choices come from the run's seed, so a run that
 * sends the same requests meets the same chaos; `rewind` starts the draws and counts over.
 */
export class ChaosRules {
  private rules: CompiledRule[] = [];
  private random: Random;

  constructor(private readonly seed: number) {
    this.random = this.freshRandom();
  }

  /** Whether any rule is set: with none, a request costs one look at this. */
  get armed(): boolean {
    return this.rules.length > 0;
  }

  /** Replaces the rules (already checked with chaosRulesProblems); counts and draws start over. */
  set(rules: readonly ChaosRule[]): void {
    this.rules = rules.map((rule) => ({
      rule,
      method: rule.method === undefined || rule.method === '*' ? undefined : rule.method.toUpperCase(),
      path: rule.path === undefined || rule.path === '*' ? undefined : compileWildcard(rule.path),
      hits: 0,
    }));
    this.rewind();
  }

  list(): ChaosRuleState[] {
    return this.rules.map(({ rule, hits }) => ({ ...rule, hits }));
  }

  /** Counts and random draws back to the start (a reset of the station). */
  rewind(): void {
    for (const rule of this.rules) rule.hits = 0;
    this.random = this.freshRandom();
  }

  /** What the first rule that fires on this request does to it, or undefined. */
  pick(method: string, path: string): ChaosShot | undefined {
    for (let i = 0; i < this.rules.length; i++) {
      const compiled = this.rules[i]!;
      const { rule } = compiled;
      if (compiled.method !== undefined && compiled.method !== method) continue;
      if (rule.times !== undefined && compiled.hits >= rule.times) continue;
      if (compiled.path !== undefined && (path.length > MAX_MATCHED_PATH || !compiled.path(path))) continue;
      const probability = rule.probability ?? 1;
      if (probability < 1 && !(this.random.next() < probability)) continue;
      compiled.hits++;
      return {
        rule: i,
        latencyMs: this.latency(rule.latencyMs),
        ...(rule.status !== undefined ? { status: rule.status } : {}),
        ...(rule.reset === true ? { reset: true } : {}),
      };
    }
    return undefined;
  }

  private latency(latency: ChaosRule['latencyMs']): number {
    if (latency === undefined) return 0;
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return min + Math.floor(this.random.next() * (max - min + 1));
  }

  private freshRandom(): Random {
    return mulberry32(deriveSeed(this.seed, CHAOS_STREAM));
  }
}
