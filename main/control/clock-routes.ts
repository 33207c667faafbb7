import { Type } from '@sinclair/typebox';
import { show } from '../../shared/problems/json-words.js';
import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { says } from '../../shared/schema/shape-hints.js';
import type { Shape } from '../../shared/schema/shape-paths.js';
import type { ClockMode } from '../runtime/simulation-host.js';
import { jsonAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlRoute } from '../server/control-surface.js';
import { requireShape } from './control-body.js';
import { controlStatus, type ControlDeps } from './control-deps.js';
import { advanceClock, changeClock, ClockRefusal, MAX_PENDING_ADVANCES } from '../runtime/clock-control.js';
import { MAX_ADVANCE_MS } from '../../shared/sim/virtual-clock.js';

export { MAX_ADVANCE_MS };
export { MAX_PENDING_ADVANCES };

export const ADVANCE_BODY: Shape = {
  schema: Type.Object(
    {
      ms: says(Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_MS }), {
        invalid: (v) =>
          `must be a whole number of milliseconds from 1 to ${MAX_ADVANCE_MS} (an hour); got ${show(v)}`,
      }),
    },
    { additionalProperties: false },
  ),
  refs: [],
};

export const CLOCK_BODY: Shape = {
  schema: Type.Object(
    {
      mode: Type.Optional(
        says(Type.Union([Type.Literal('real'), Type.Literal('virtual')]), {
          invalid: (v) => `must be "real" or "virtual"; got ${show(v)}`,
        }),
      ),
      timeScale: Type.Optional(
        says(Type.Number({ minimum: MIN_TIME_SCALE, maximum: MAX_TIME_SCALE }), {
          invalid: (v) => `must be a number from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE}; got ${show(v)}`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  refs: [],
};

/** The clock: switch between real and virtual time, and advance the virtual one. */
export function clockRoutes(deps: ControlDeps): ControlRoute[] {
  const { simulation } = deps;
  return [
    {
      method: 'PUT',
      path: `${CONTROL_PREFIX}/clock`,
      body: true,
      handle: async (request) => {
        const body = requireShape<{ mode?: ClockMode; timeScale?: number }>(
          CLOCK_BODY,
          await request.body(),
          '{"mode": "real" or "virtual", "timeScale": 0.25 to 8}',
        );
        if (body.mode === undefined && body.timeScale === undefined)
          throw new ApiError(400, 'Request body is not valid: give "mode", "timeScale" or both.');
        changeClock(simulation, body);
        return jsonAnswer(controlStatus(deps));
      },
    },
    {
      method: 'POST',
      path: `${CONTROL_PREFIX}/clock/advance`,
      body: true,
      handle: async (request) => {
        const { ms } = requireShape<{ ms: number }>(
          ADVANCE_BODY,
          await request.body(),
          `{"ms": 1 to ${MAX_ADVANCE_MS}}`,
        );
        let finished;
        try {
          finished = await advanceClock(simulation, ms);
        } catch (error) {
          if (error instanceof ClockRefusal) throw new ApiError(error.status, error.message, error.headers);
          throw error;
        }
        return jsonAnswer(controlStatus(deps, finished));
      },
    },
  ];
}
