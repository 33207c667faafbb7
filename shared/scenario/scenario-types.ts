import type { BoundCondition, BoundTag, Condition } from '../conditions/condition-types.js';
import type { TagRef } from '../conditions/tag-refs.js';
import type { ChaosRule } from '../api/chaos-rules.js';
import type { TagFailure, TagValue } from '../core/tag-types.js';

// The scenario model. A scenario file (`format: "tagsim-scenario"`, version 1) is a timeline of
// steps that act on a running TagSim while a client under test talks to it, and checks what the
// client did. scenario-file.ts turns the JSON into the `Scenario` below; bind-scenario.ts resolves
// its tag names against a scene; scenario-run.ts runs it on an injected clock.

export type { BoundCondition, BoundTag, Condition, TagRef };

/** The `format` of every scenario file. */
export const SCENARIO_FORMAT = 'tagsim-scenario';
/** The newest version this TagSim reads. */
export const SCENARIO_FORMAT_VERSION = 1;
/** The whole run's time limit when the file gives none: 5 minutes of real time. */
export const DEFAULT_SCENARIO_TIMEOUT_MS = 300_000;

/** When a step starts: at a scenario time, or some time after the previous step ended. */
export type StepTime = { readonly at: number } | { readonly after: number };

/** What a step does; the JSON key that names the action is the `kind`. */
export type StepAction =
  /** Sets the tag's raw value, as the plant (or a person at the machine) would. */
  | { readonly kind: 'set'; readonly tag: TagRef; readonly value: TagValue }
  | { readonly kind: 'force'; readonly tag: TagRef; readonly value: TagValue }
  | { readonly kind: 'release'; readonly tag: TagRef }
  /** Always Off, Always On, or no failure (`none` clears one). */
  | { readonly kind: 'fail'; readonly tag: TagRef; readonly mode: TagFailure }
  /** Waits until the condition holds; fails (and ends the run) after `timeoutMs` of scenario time. */
  | { readonly kind: 'waitFor'; readonly condition: Condition; readonly timeoutMs: number | undefined }
  /** Checks the condition now, or (with `forMs`) at every moment of the next `forMs`. */
  | { readonly kind: 'expect'; readonly condition: Condition; readonly forMs: number | undefined }
  /** Prints a line in the progress and the report's output. */
  | { readonly kind: 'log'; readonly message: string }
  /** Replaces the chaos rules of the tag API, as `PUT /tagsim/v1/chaos` does; `[]` clears them. */
  | { readonly kind: 'chaos'; readonly rules: readonly ChaosRule[] };

export type StepKind = StepAction['kind'];

/** A step of the timeline. */
export type ScenarioStep = StepAction & {
  /** `steps[3]`: its place in the file, used in every message about it. */
  readonly path: string;
  readonly time: StepTime;
  /** The test case name of a waitFor or expect (a default is made from the condition). */
  readonly name: string | undefined;
};

/** A scenario as read from its file. */
export interface Scenario {
  readonly name: string;
  readonly description: string | undefined;
  /** The scene it was written for (a built-in name or a scene file): used when no --scene is given. */
  readonly scene: string | undefined;
  /** The simulation's seed, when the command line gives none. */
  readonly seed: number | undefined;
  /** Real time the whole run may take (a safety net for CI: a paused simulation cannot hang it). */
  readonly timeoutMs: number;
  readonly steps: readonly ScenarioStep[];
}

/** A step ready to run against one scene. */
export type BoundStep = {
  readonly path: string;
  readonly index: number;
  readonly time: StepTime;
} & (
  | { readonly kind: 'set' | 'force'; readonly tag: BoundTag; readonly value: TagValue }
  | { readonly kind: 'release'; readonly tag: BoundTag }
  | { readonly kind: 'fail'; readonly tag: BoundTag; readonly mode: TagFailure }
  | {
      readonly kind: 'waitFor';
      readonly name: string;
      /** Whether the file gave the name (else it was made from the condition). */
      readonly named: boolean;
      readonly condition: BoundCondition;
      readonly timeoutMs: number | undefined;
    }
  | {
      readonly kind: 'expect';
      readonly name: string;
      /** Whether the file gave the name (else it was made from the condition). */
      readonly named: boolean;
      readonly condition: BoundCondition;
      readonly forMs: number | undefined;
    }
  | { readonly kind: 'log'; readonly message: string }
  | { readonly kind: 'chaos'; readonly rules: readonly ChaosRule[] }
);

/** A scenario bound to the scene it runs against. */
export interface BoundScenario {
  readonly name: string;
  readonly sceneName: string;
  readonly timeoutMs: number;
  readonly steps: readonly BoundStep[];
}
