import { join } from 'node:path';
import { createHttpServer, listenHttp, type ServerTimeouts } from '../net/bind-server.js';
import { newAccessToken } from '../net/access-token.js';
import { buildDashboardApp, type DashboardAppOptions } from './dashboard-app.js';
import type { Dashboard } from './lab-types.js';

export { HEALTH_PATH } from './dashboard-app.js';

export interface DashboardServerOptions extends Omit<DashboardAppOptions, 'token'> {
  host: string;
  port: number;
  /** Its access token; a new random one when absent. */
  token?: string;
  /** Limits on slow clients; each defaults to the tag API's (DEFAULT_TIMEOUTS). */
  timeouts?: ServerTimeouts;
}

/**
 * Serves the dashboard (dashboard-app.ts) on its port: its server made and bound as the tag
 * API's is (bind-server.ts), with the tag API's limits on slow clients.
 */
export async function startDashboardServer(options: DashboardServerOptions): Promise<Dashboard> {
  const token = options.token ?? newAccessToken();
  const app = buildDashboardApp({ ...options, token });
  const server = createHttpServer(options.timeouts, app.callback());
  const { url: boundUrl } = await listenHttp(server, options.port, options.host, options.onError);
  const url = boundUrl.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
  return {
    url,
    token,
    openUrl: `${url}/?token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The page's files: the renderer bundle's lab folder. */
export function dashboardPageDir(rendererDir: string): string {
  return join(rendererDir, 'lab');
}
