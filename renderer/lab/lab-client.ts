import type { ExerciseAction } from '../../shared/exercise/exercise-actions.js';
import type { GradedLabOverview } from '../../shared/exercise/exercise-overview.js';
import type { LabAction } from '../../shared/lab/lab-actions.js';
import type { InstructorTag, StationOutcome } from '../../shared/lab/lab-views.js';
import type { ScheduleTaskStatus } from '../../shared/lab/schedule-runner.js';
import type { PlantFeedMessage } from '../../shared/plant/plant-feed-messages.js';

/** A refusal of the dashboard's API, in its own words. */
export class LabRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The dashboard's JSON API, as the page calls it: every call carries the token. */
export interface LabClient {
  /** Every station at a glance, with its grade when the lab runs an exercise. */
  overview(): Promise<GradedLabOverview>;
  tags(station: number): Promise<InstructorTag[]>;
  act(action: LabAction): Promise<StationOutcome[]>;
  /** The fault report, as a file's text: `csv` or `html`. */
  report(format: 'csv' | 'html'): Promise<string>;
  /** Starts a fault schedule from its JSON text; resolves with its faults, one per station. */
  startSchedule(text: string): Promise<ScheduleTaskStatus[]>;
  /**
   * A station's Plant view, pushed (docs/lab.md): hands `onMessage` each message of the station's
   * plant feed until the feed ends (resolves) or fails, or `signal` aborts it (rejects).
   */
  plantFeed(
    station: number,
    onMessage: (message: PlantFeedMessage) => void,
    signal: AbortSignal,
  ): Promise<void>;
  /** Starts, stops or restarts the lab's exercise on some stations (docs/lab.md). */
  exerciseAction(action: ExerciseAction): Promise<StationOutcome[]>;
  /** The class report, as a file's text: `csv` or `html`. */
  classReport(format: 'csv' | 'html'): Promise<string>;
}

export function createLabClient(token: string, fetchImpl: typeof fetch = fetch): LabClient {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetchImpl(path, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
      const message =
        typeof body?.error === 'string' ? body.error : `The dashboard answered ${response.status}.`;
      throw new LabRequestError(response.status, message);
    }
    return response;
  };
  return {
    overview: async () => (await (await call('/api/stations')).json()) as GradedLabOverview,
    tags: async (station) => (await (await call(`/api/stations/${station}/tags`)).json()) as InstructorTag[],
    act: async (action) => {
      const response = await call('/api/actions', { method: 'POST', body: JSON.stringify(action) });
      return ((await response.json()) as { results: StationOutcome[] }).results;
    },
    report: async (format) => (await call(`/api/faults/report.${format}`)).text(),
    startSchedule: async (text) => {
      const response = await call('/api/schedules', { method: 'POST', body: text });
      return ((await response.json()) as { tasks: ScheduleTaskStatus[] }).tasks;
    },
    plantFeed: async (station, onMessage, signal) => {
      const response = await call(`/api/stations/${station}/plant/feed`, { signal });
      await readLines(response, (line) => onMessage(JSON.parse(line) as PlantFeedMessage));
    },
    exerciseAction: async (action) => {
      const response = await call('/api/exercise/actions', { method: 'POST', body: JSON.stringify(action) });
      return ((await response.json()) as { results: StationOutcome[] }).results;
    },
    classReport: async (format) => (await call(`/api/exercise/report.${format}`)).text(),
  };
}

/** Hands `onLine` each line of a streamed answer as it comes (the last one unended too). */
async function readLines(response: Response, onLine: (line: string) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line !== '') onLine(line);
  }
  if (rest !== '') onLine(rest);
}
