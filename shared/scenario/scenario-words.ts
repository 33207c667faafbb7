import type { ChaosRule } from '../api/chaos-rules.js';
import { formatValue } from '../conditions/describe-condition.js';
import type { BoundStep } from './scenario-types.js';

// How a scenario run tells its steps in the progress lines and the report.

/** A step that acts on the tags. */
export type ActionStep = Extract<BoundStep, { kind: 'set' | 'force' | 'release' | 'fail' | 'chaos' }>;

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
    case 'chaos':
      return step.rules.length === 0
        ? 'chaos: rules cleared'
        : `chaos: ${step.rules.map(describeRule).join('; ')}`;
  }
}

/** `PUT /api/tag/values* answers 503 (p 0.2, 5 times)`: what a rule does, for the progress. */
function describeRule(rule: ChaosRule): string {
  const does = [
    ...(rule.latencyMs !== undefined
      ? [`waits ${Array.isArray(rule.latencyMs) ? rule.latencyMs.join('-') : String(rule.latencyMs)} ms`]
      : []),
    ...(rule.status !== undefined ? [`answers ${rule.status}`] : []),
    ...(rule.reset === true ? ['drops the connection'] : []),
  ];
  const limits = [
    ...(rule.probability !== undefined ? [`p ${rule.probability}`] : []),
    ...(rule.times !== undefined ? [`${rule.times} times`] : []),
  ];
  return `${rule.method ?? '*'} ${rule.path ?? '*'} ${does.join(' and ')}${limits.length > 0 ? ` (${limits.join(', ')})` : ''}`;
}
