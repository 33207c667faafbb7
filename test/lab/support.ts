// A lab with its dashboard on free ports of 127.0.0.1, for the lab's tests.
import { fileURLToPath } from 'node:url';
import { startLab, type Lab, type LabOptions } from '../../main/lab/start-lab.js';
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
