import { chaosRulesProblems, type ChaosRule, type ChaosRules } from '../../shared/api/chaos-rules.js';
import { jsonAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlRoute } from '../server/control-surface.js';
import { describeProblems } from './control-body.js';

/** The chaos rules: set them, list them with their hit counts, clear them. */
export function chaosRoutes(chaos: ChaosRules): ControlRoute[] {
  const path = `${CONTROL_PREFIX}/chaos`;
  const listed = () => jsonAnswer({ rules: chaos.list() });
  return [
    { method: 'GET', path, handle: listed },
    {
      method: 'PUT',
      path,
      body: true,
      handle: async (request) => {
        const body = await request.body();
        if (body === undefined)
          throw new ApiError(400, 'Request body is required: {"rules": [...]} (an empty list clears them).');
        const problems = chaosRulesProblems(body);
        if (problems.length > 0) throw new ApiError(400, describeProblems('Request body', problems));
        chaos.set((body as { rules: ChaosRule[] }).rules);
        return listed();
      },
    },
    {
      method: 'DELETE',
      path,
      handle: () => {
        chaos.set([]);
        return listed();
      },
    },
  ];
}
