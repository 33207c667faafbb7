// A lab with its dashboard on free ports of 127.0.0.1, for the lab's tests.
import { request, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startLab, type Lab, type LabOptions } from '../../main/lab/start-lab.js';
import type { PlantFeedMessage } from '../../shared/plant/plant-feed-messages.js';
import { rawRequest, type RawRequestOptions, type RawResponse } from '../support/http-client.js';

export const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/** A lab of these stations with its dashboard, simulations standing still unless asked. */
export async function startTestLab(options: Partial<LabOptions> = {}): Promise<Lab> {
  return startLab({
    stations: [{}, {}, {}],
    port: 0,
    simulation: { startRunning: false },
    dashboard: { port: 0, rendererDir: RENDERER_DIR },
    ...options,
  });
}

/** A request to the lab's dashboard, with its token unless told otherwise. */
export function dashboardRequest(
  lab: Lab,
  method: string,
  path: string,
  options: RawRequestOptions & { token?: string | null } = {},
): Promise<RawResponse> {
  const { token = lab.dashboard!.token, ...rest } = options;
  const headers = { ...(token !== null ? { Authorization: `Bearer ${token}` } : {}), ...rest.headers };
  return rawRequest(lab.dashboard!.url, method, path, { ...rest, headers });
}

/** Posts an action to the dashboard. */
export function act(lab: Lab, action: unknown): Promise<RawResponse> {
  return dashboardRequest(lab, 'POST', '/api/actions', { body: JSON.stringify(action) });
}

/** Opens a station's plant feed at a dashboard (a lab's, or the class view) and gathers its messages. */
export async function openFeed(base: string, token: string, station: number) {
  const url = new URL(`/api/stations/${station}/plant/feed`, base);
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, { headers: { Authorization: `Bearer ${token}` } });
    req.on('response', resolve).on('error', reject).end();
  });
  const messages: PlantFeedMessage[] = [];
  let rest = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const line of lines) messages.push(JSON.parse(line) as PlantFeedMessage);
  });
  return { res, messages, close: () => res.destroy() };
}

/** Waits until `check` holds, looking every 10 ms, for at most `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
