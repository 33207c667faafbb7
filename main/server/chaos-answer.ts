import type { ChaosShot } from '../../shared/api/chaos-rules.js';
import { errorAnswer, type ApiAnswer } from './api-answer.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What chaos needs of a request (an ApiRequest is one): its body to drop, its socket, its response. */
interface HeldRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

/**
 * Serves a request the way a chaos rule says (docs/control-api.md#chaos). A rule with a status
 * or `reset` refuses the request without applying it (its body is read off and dropped); any
 * other is served as usual. Either way the answer, or the dropped connection, comes `latencyMs`
 * later, on a timer that never blocks the event loop and stops when the client goes away.
 */
export async function answerWithChaos(
  shot: ChaosShot,
  request: HeldRequest,
  serve: () => ApiAnswer | Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  const refused = shot.status !== undefined || shot.reset === true;
  let answer: ApiAnswer;
  if (refused) {
    request.req.resume();
    answer = errorAnswer(
      shot.status ?? 500,
      `Chaos rule ${shot.rule} of TagSim's control API answered ${shot.status} instead of serving this request; it was not applied.`,
    );
  } else answer = await serve();
  await hold(request, shot.latencyMs);
  if (shot.reset === true) request.req.socket.destroy();
  return answer;
}

/** Waits `ms`, or less if the client goes away first. */
function hold(request: HeldRequest, ms: number): Promise<void> {
  if (ms <= 0 || request.res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      request.res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    // A held answer must not keep a process alive that is otherwise done.
    timer.unref();
    request.res.once('close', done);
  });
}
