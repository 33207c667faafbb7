import { formatValue } from '../conditions/describe-condition.js';
import type { BoundStep } from './scenario-types.js';

// How a scenario run tells its steps in the progress lines and the report.

/** A step that acts on the tags. */
export type ActionStep = Extract<BoundStep, { kind: 'set' | 'force' | 'release' | 'fail' }>;

/** `12.340 s` */
export function clockText(ms: number): string {
  return `${(ms / 1000).toFixed(3)} s`;
}

export function describeAction(step: ActionStep): string {
  switch (step.kind) {
    case 'set':
    case 'force':
      return `${step.kind} ${step.tag.label} = ${formatValue(step.value)}`;
    case 'release':
      return `release ${step.tag.label}`;
    case 'fail':
      return step.mode === 'none'
        ? `fail ${step.tag.label}: none (failure cleared)`
        : `fail ${step.tag.label}: ${step.mode === 'alwaysOn' ? 'Always On' : 'Always Off'}`;
  }
}
