import type { ClockMode, SimulationHost } from './simulation-host.js';
import type { SimulationStatus } from '../../shared/sim/simulation.js';

/**
 * Advances that may wait for the one running (so at most one more than this are under way): past
 * it, refused. Each waits its turn, so without a bound a client could queue hours of work that
 * outlive every test.
 */
export const MAX_PENDING_ADVANCES = 8;

/**
 * A clock request refused: the status the control API answers it with, and why. The window shows
 * the same words.
 */
export class ClockRefusal extends Error {
  constructor(
    readonly status: 409 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ClockRefusal';
  }
}

/**
 * Sets the time scale and/or switches the clock: the one way PUT /tagsim/v1/clock, the window and
 * the tray do it. The scale is set first, so real time resumes at the new scale.
 */
export function changeClock(
  simulation: SimulationHost,
  change: { mode?: ClockMode; timeScale?: number },
): void {
  if (change.timeScale !== undefined) simulation.setTimeScale(change.timeScale);
  if (change.mode !== undefined) simulation.setClock(change.mode);
}

/**
 * Runs `ms` of simulation time on the virtual clock: the one way POST /tagsim/v1/clock/advance,
 * the window and the tray do it. Refused (ClockRefusal) on the real clock, and while
 * MAX_PENDING_ADVANCES advances wait. Resolves to the status it finished with: read it, not the
 * status after the await, which a following advance or a reset has already moved.
 */
export async function advanceClock(simulation: SimulationHost, ms: number): Promise<SimulationStatus> {
  if (simulation.clock !== 'virtual')
    throw new ClockRefusal(
      409,
      'The clock is real: switch it to virtual first (PUT /tagsim/v1/clock {"mode": "virtual"}, or start with --clock virtual).',
    );
  // pendingAdvances counts the one running too: it is not waiting.
  if (simulation.pendingAdvances > MAX_PENDING_ADVANCES)
    throw new ClockRefusal(
      503,
      `${MAX_PENDING_ADVANCES} advances are already waiting; send this one when one of them has answered.`,
      { 'Retry-After': '1' },
    );
  return simulation.advance(ms);
}
