import type { ChaosRuleState, ChaosShot } from '../../shared/api/chaos-rules.js';
import type { ItemError } from '../../shared/core/tag-engine.js';

/**
 * The Traffic panel's words for chaos rules, chaos shots and item errors: one line each, in the
 * terms of docs/control-api.md ("Chaos").
 */

/** `PUT /api/tag/values*: 503, 20 % · 3 hits (of 5)`. */
export function describeChaosRule(rule: ChaosRuleState): string {
  const effects = [
    ...(rule.latencyMs === undefined
      ? []
      : [
          typeof rule.latencyMs === 'number'
            ? `wait ${rule.latencyMs} ms`
            : `wait ${rule.latencyMs[0]}-${rule.latencyMs[1]} ms`,
        ]),
    ...(rule.status === undefined ? [] : [`answer ${rule.status}`]),
    ...(rule.reset === true ? ['drop the connection'] : []),
    ...(rule.probability === undefined || rule.probability === 1
      ? []
      : [`${Math.round(rule.probability * 1000) / 10} % of requests`]),
  ];
  const hits = `${rule.hits} ${rule.hits === 1 ? 'hit' : 'hits'}${rule.times === undefined ? '' : ` (of ${rule.times})`}`;
  return `${rule.method ?? '*'} ${rule.path ?? '*'}: ${effects.join(', ') || 'no effect'} · ${hits}`;
}

/** What a rule did to one request: `rule 0: held 200 ms, answered 503`. */
export function describeChaosShot(shot: ChaosShot): string {
  const did = [
    ...(shot.latencyMs > 0 ? [`held ${shot.latencyMs} ms`] : []),
    ...(shot.status !== undefined ? [`answered ${shot.status}`] : []),
    ...(shot.reset === true ? ['dropped the connection'] : []),
  ];
  return `rule ${shot.rule}: ${did.join(', ') || 'no effect'}`;
}

/** `'Nope': 404 Tag named 'Nope' not found.` */
export function describeItemError(error: ItemError): string {
  const ref = error.name ?? error.id;
  return `${ref === undefined || ref === null ? '(no reference)' : `'${ref}'`}: ${error.code} ${error.error}`;
}

/** A body as JSON pretty-printed, when it is JSON; else as it came. */
export function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
