import type { IncomingMessage } from 'node:http';
import type { ClassLabStatus } from '../../shared/lab/lab-views.js';
import { PLANT_FEED_PATH, PLANT_FEED_TYPE } from '../../shared/plant/plant-feed-messages.js';
import { jsonAnswer, type ApiAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { hasBody, jsonBodyReader } from '../server/json-body.js';
import { DASHBOARD_BODY_LIMIT_BYTES } from './dashboard-routes.js';
import type { DashboardRoute } from './dashboard-route.js';
import { LabUnreachable, type LabClient, type LabReply } from './lab-client.js';

/** One lab process of the class, as the class view reaches it. */
export interface ClassLab {
  readonly name: string;
  readonly url: string;
  /** The stations it serves, by the class file: they take the class's next numbers. */
  readonly stations: number;
  readonly client: LabClient;
}

/**
 * The dashboard's JSON API (docs/lab.md) over several lab processes, so that the dashboard's own
 * page shows and drives a class spread over pods (docs/deploy.md): the stations of lab i are
 * numbered after those of the labs before it, by the class file's counts, and each request about
 * a station, or an action on some, goes to the lab that serves it with that lab's own number.
 * Nothing is kept here but those counts: each lab stays the one source of its stations.
 */
export function classViewRoutes(labs: readonly ClassLab[]): DashboardRoute[] {
  const firsts = labs.map((_, i) => 1 + labs.slice(0, i).reduce((sum, lab) => sum + lab.stations, 0));
  const readJson = jsonBodyReader(DASHBOARD_BODY_LIMIT_BYTES);
  const locate = (param: string | undefined) => {
    const number = /^\d{1,4}$/.test(param ?? '') ? Number(param) : NaN;
    const i = labs.findIndex((lab, k) => number >= firsts[k]! && number < firsts[k]! + lab.stations);
    if (i < 0)
      throw new ApiError(404, `There is no station ${JSON.stringify(param?.slice(0, 20))} in this class.`);
    return { lab: labs[i]!, local: number - firsts[i]! + 1 };
  };
  const forward = (reply: LabReply): ApiAnswer => ({ status: reply.status, body: reply.body });
  const perStation = (suffix: string): DashboardRoute => ({
    method: 'GET',
    path: `/api/stations/:station/${suffix}`,
    handle: async (_req, params) => {
      const { lab, local } = locate(params['station']);
      const reply = await settle(reach(lab, 'GET', `/api/stations/${local}/${suffix}`));
      if ('error' in reply) throw new ApiError(502, `${lab.name}: ${reply.error}.`);
      return forward(reply.value);
    },
  });
  const perLab = (): ApiError =>
    new ApiError(
      400,
      "Fault schedules, fault logs and class reports are each lab's: use that lab's own dashboard.",
    );
  return [
    {
      method: 'GET',
      path: '/api/stations',
      handle: async () => {
        const replies = await Promise.all(labs.map((lab) => settle(reach(lab, 'GET', '/api/stations'))));
        const status: ClassLabStatus[] = [];
        const exercises: unknown[] = [];
        const stations = replies.flatMap((reply, i) => {
          const lab = labs[i]!;
          const listed = 'error' in reply ? reply.error : stationsOf(reply.value);
          const named = 'value' in reply ? exerciseOf(reply.value) : undefined;
          if (named !== undefined) exercises.push(named);
          const ok = Array.isArray(listed);
          status.push({
            name: lab.name,
            url: lab.url,
            first: firsts[i]!,
            stations: lab.stations,
            ok,
            ...(ok ? {} : { error: listed }),
          });
          if (!ok) return [];
          return listed.slice(0, lab.stations).map((station) => ({
            ...station,
            number: firsts[i]! + Number(station['number']) - 1,
            label: `${lab.name} · ${typeof station['label'] === 'string' ? station['label'] : `station ${station['number']}`}`,
          }));
        });
        const exercise = oneExercise(exercises);
        return jsonAnswer({ now: Date.now(), stations, labs: status, ...(exercise ? { exercise } : {}) });
      },
    },
    perStation('tags'),
    perStation('plant/layout'),
    perStation('plant/state'),
    {
      method: 'GET',
      path: PLANT_FEED_PATH,
      handle: async (_req, params, res) => {
        const { lab, local } = locate(params['station']);
        const feed = await lab.client.open(`/api/stations/${local}/plant/feed`).catch((error: unknown) => {
          if (error instanceof LabUnreachable)
            throw new ApiError(502, `${lab.name}: cannot reach it (${error.message}).`);
          throw error;
        });
        // Passed on as it comes, the lab's refusals too; a page that leaves closes the lab's feed.
        res.writeHead(feed.statusCode ?? 502, {
          'Content-Type': feed.headers['content-type'] ?? PLANT_FEED_TYPE,
        });
        feed.on('error', () => res.destroy());
        res.on('close', () => feed.destroy());
        feed.pipe(res);
        return undefined;
      },
    },
    {
      method: 'POST',
      path: '/api/actions',
      handle: async (req) => act(labs, firsts, locate, '/api/actions', await actionOf(req, readJson)),
    },
    {
      method: 'POST',
      path: '/api/exercise/actions',
      handle: async (req) =>
        act(labs, firsts, locate, '/api/exercise/actions', await actionOf(req, readJson)),
    },
    { method: 'POST', path: '/api/schedules', handle: () => Promise.reject(perLab()) },
    { method: 'GET', path: '/api/faults/report.csv', handle: () => Promise.reject(perLab()) },
    { method: 'GET', path: '/api/faults/report.html', handle: () => Promise.reject(perLab()) },
    { method: 'GET', path: '/api/exercise/report.csv', handle: () => Promise.reject(perLab()) },
    { method: 'GET', path: '/api/exercise/report.html', handle: () => Promise.reject(perLab()) },
  ];
}

async function actionOf(req: IncomingMessage, readJson: ReturnType<typeof jsonBodyReader>) {
  if (!hasBody(req))
    throw new ApiError(
      400,
      'Request body is required: a JSON action such as {"action": "run", "stations": "all"}.',
    );
  const { value } = await readJson(req);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError(
      400,
      'The action has problems: an action is a JSON object such as {"action": "run", "stations": "all"}',
    );
  const stations = (value as { stations?: unknown }).stations;
  if (
    stations !== 'all' &&
    !(Array.isArray(stations) && stations.length <= 2_048 && stations.every(Number.isInteger))
  )
    throw new ApiError(400, 'The action has problems: stations: must be "all" or a list of station numbers');
  return { action: value as Record<string, unknown>, stations: stations as 'all' | number[] };
}

/**
 * Sends an action (a lab's or an exercise's) to every lab with a station it names (all of them for "all"), each with its
 * own station numbers, and answers every station's outcome in the class's numbers. A lab that
 * refuses the action whole (a bad fault, say) answers for the class: every lab checks an action
 * the same way. A lab that does not answer fails its own stations only.
 */
async function act(
  labs: readonly ClassLab[],
  firsts: readonly number[],
  locate: (param: string | undefined) => { lab: ClassLab; local: number },
  path: '/api/actions' | '/api/exercise/actions',
  { action, stations }: { action: Record<string, unknown>; stations: 'all' | number[] },
): Promise<ApiAnswer> {
  const targets = new Map<ClassLab, 'all' | number[]>();
  if (stations === 'all') for (const lab of labs) targets.set(lab, 'all');
  else
    for (const number of stations) {
      const { lab, local } = locate(String(number));
      targets.set(lab, [...((targets.get(lab) as number[] | undefined) ?? []), local]);
    }
  const sent = [...targets].map(([lab, local]) => ({
    lab,
    reply: settle(reach(lab, 'POST', path, JSON.stringify({ ...action, stations: local }))),
  }));
  const results: { station: number; ok: boolean; error?: string }[] = [];
  for (const { lab, reply: pending } of sent) {
    const reply = await pending;
    const first = firsts[labs.indexOf(lab)]!;
    const asked = targets.get(lab)!;
    const own = asked === 'all' ? Array.from({ length: lab.stations }, (_, k) => k + 1) : asked;
    if ('value' in reply && reply.value.status !== 200)
      return { status: reply.value.status, body: reply.value.body };
    const outcome = 'value' in reply ? outcomesOf(reply.value) : undefined;
    if (outcome === undefined) {
      const error = 'error' in reply ? reply.error : 'its answer is not a list of outcomes';
      for (const local of own)
        results.push({ station: first + local - 1, ok: false, error: `${lab.name}: ${error}` });
      continue;
    }
    for (const r of outcome) results.push({ ...r, station: first + r.station - 1 });
  }
  return jsonAnswer({ results: results.sort((a, b) => a.station - b.station) });
}

/** A request to a lab, or the reason it did not answer. */
function reach(lab: ClassLab, method: 'GET' | 'POST', path: string, body?: string): Promise<LabReply> {
  return lab.client.send(method, path, body);
}

async function settle(reply: Promise<LabReply>): Promise<{ value: LabReply } | { error: string }> {
  try {
    return { value: await reply };
  } catch (error) {
    if (error instanceof LabUnreachable) return { error: `cannot reach it (${error.message})` };
    throw error;
  }
}

function outcomesOf(reply: LabReply): { station: number; ok: boolean; error?: string }[] | undefined {
  try {
    const results = (JSON.parse(reply.body) as { results?: unknown }).results;
    if (
      Array.isArray(results) &&
      results.every((r) => Number.isInteger((r as { station?: unknown }).station))
    )
      return results as { station: number; ok: boolean; error?: string }[];
  } catch {
    // Not JSON: undefined.
  }
  return undefined;
}

/** The stations a lab listed, or what was wrong with its answer. */
function stationsOf(reply: LabReply): Record<string, unknown>[] | string {
  if (reply.status !== 200) return `it answered ${reply.status} (is the class file's token file the lab's?)`;
  try {
    const stations = (JSON.parse(reply.body) as { stations?: unknown }).stations;
    if (Array.isArray(stations)) return stations as Record<string, unknown>[];
  } catch {
    // Not JSON: said below.
  }
  return 'its answer is not a station list';
}

/** The exercise a lab's listing names (docs/lab.md), passed on as it is; undefined when none. */
function exerciseOf(reply: LabReply): unknown {
  if (reply.status !== 200) return undefined;
  try {
    const exercise = (JSON.parse(reply.body) as { exercise?: unknown }).exercise;
    return typeof exercise === 'object' && exercise !== null ? exercise : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The exercise the class runs: the one every lab that runs an exercise names (by its name), else
 * none. Labs on different exercises have criteria of their own, so no one grade table fits them:
 * the class view then shows no grades and each lab's dashboard has its own (docs/deploy.md).
 */
function oneExercise(exercises: readonly unknown[]): unknown {
  const names = new Set(exercises.map((e) => JSON.stringify((e as { name?: unknown }).name)));
  return names.size === 1 ? exercises[0] : undefined;
}
