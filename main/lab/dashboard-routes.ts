import type { FaultLog } from '../../shared/lab/fault-log.js';
import { parseLabAction } from '../../shared/lab/lab-actions.js';
import { validateFaultSchedule, type FaultSchedule } from '../../shared/lab/fault-schedule.js';
import { formatProblem, ValidationError, type PlacedProblem } from '../../shared/problems/problem-list.js';
import { faultLogCsv, faultLogHtml } from '../../shared/lab/fault-report.js';
import { jsonAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { hasBody, jsonBodyReader } from '../server/json-body.js';
import type { DashboardRoute } from './dashboard-route.js';
import { instructorTags, runLabAction, stationOverview } from './lab-control.js';
import { exerciseRoutes } from './exercise-routes.js';
import { plantRoutes } from './plant-routes.js';
import { plantFeedRoute } from './plant-feed.js';
import { SendBudget } from '../ui-host/send-budget.js';
import { writesAround } from './write-journal.js';
import type { Lab } from './lab-types.js';

/** The largest body the dashboard takes: an action is a few hundred bytes. */
export const DASHBOARD_BODY_LIMIT_BYTES = 64 * 1024;

/** What the routes act on: the lab, its fault log and the clock of the log. */
export interface DashboardContext {
  readonly lab: Lab;
  readonly log: FaultLog;
  readonly now?: () => number;
  /** What the plant feeds may hold unread (the lab's, with its windows' sockets); a new one when absent. */
  readonly sendBudget?: SendBudget;
}

/** The dashboard's JSON API under /api/ (docs/lab.md); every route needs the token. */
export function dashboardRoutes(context: DashboardContext): DashboardRoute[] {
  const { lab, log } = context;
  const now = context.now ?? Date.now;
  const readJson = jsonBodyReader(DASHBOARD_BODY_LIMIT_BYTES);
  const stationOf = (param: string | undefined) => {
    // Digits only and short: a station's number, never a long string to convert.
    const number = /^\d{1,3}$/.test(param ?? '') ? Number(param) : NaN;
    const station = lab.stations[number - 1];
    if (!station)
      throw new ApiError(
        404,
        `There is no station ${JSON.stringify(param?.slice(0, 20))}; this lab has ${lab.stations.length}.`,
      );
    return station;
  };
  return [
    {
      method: 'GET',
      path: '/api/stations',
      handle: () =>
        jsonAnswer({
          now: now(),
          stations: lab.stations.map((station, i) => {
            const grade = lab.exercise?.stations[i]?.grade;
            return { ...stationOverview(station), ...(grade ? { grade } : {}) };
          }),
          ...(lab.schedules.length > 0 ? { schedule: lab.schedules.flatMap((s) => s.tasks) } : {}),
          ...(lab.exercise ? { exercise: lab.exercise.overview() } : {}),
        }),
    },
    {
      method: 'GET',
      path: '/api/stations/:station/tags',
      handle: (_req, params) => jsonAnswer(instructorTags(stationOf(params['station']))),
    },
    ...plantRoutes(stationOf),
    plantFeedRoute(stationOf, context.sendBudget ?? new SendBudget()),
    ...exerciseRoutes(() => lab.exercise, readJson),
    {
      method: 'POST',
      path: '/api/actions',
      handle: async (req) => {
        if (!hasBody(req))
          throw new ApiError(
            400,
            'Request body is required: a JSON action such as {"action": "run", "stations": "all"}.',
          );
        const { value } = await readJson(req);
        const parsed = parseLabAction(value, lab.stations.length);
        if ('problems' in parsed)
          throw new ApiError(400, `The action has problems: ${parsed.problems.slice(0, 10).join('; ')}`);
        const results = runLabAction(lab, log, parsed.action, 'instructor', now);
        if (typeof results === 'string')
          throw new ApiError(400, `${results[0]!.toUpperCase()}${results.slice(1)}.`);
        return jsonAnswer({ results });
      },
    },
    {
      method: 'POST',
      path: '/api/schedules',
      handle: async (req) => {
        if (!hasBody(req))
          throw new ApiError(400, 'Request body is required: a fault schedule such as {"faults": [...]}.');
        const { value } = await readJson(req);
        let schedule: FaultSchedule;
        try {
          schedule = validateFaultSchedule(value);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          throw scheduleProblems(error.problems);
        }
        const started = lab.startSchedule(schedule);
        if ('problems' in started) throw scheduleProblems(started.problems);
        return jsonAnswer({ tasks: started.runner.tasks });
      },
    },
    {
      method: 'GET',
      path: '/api/faults/report.csv',
      handle: async () => ({
        status: 200,
        body: faultLogCsv(log.entries, await writesAround(lab, log.entries, now())),
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="lab-faults.csv"',
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/faults/report.html',
      handle: async () => ({
        status: 200,
        body: faultLogHtml(log.entries, {
          title: 'TagSim lab: injected faults',
          generatedAt: now(),
          dropped: log.dropped,
          writes: await writesAround(lab, log.entries, now()),
          stationNames: new Map(lab.stations.map((s) => [s.number, s.label ?? s.tagsim.engine.scene.name])),
        }),
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Disposition': 'attachment; filename="lab-faults.html"',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
      }),
    },
  ];
}

/** A schedule with problems: the first ten of them, in the words of the file's messages. */
function scheduleProblems(problems: readonly PlacedProblem[]): ApiError {
  return new ApiError(
    400,
    `The schedule has problems: ${problems.slice(0, 10).map(formatProblem).join('; ')}`,
  );
}
