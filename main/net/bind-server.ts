import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { httpUrl } from '../../shared/core/url-host.js';
import { answerClientErrors } from './client-error.js';

/**
 * How long a client may take, so that slow or stalled clients cannot hold connections forever
 * (docs/reliability.md): the request head, the whole request, and an idle keep-alive connection.
 */
export interface ServerTimeouts {
  headersMs?: number;
  requestMs?: number;
  keepAliveMs?: number;
}

export const DEFAULT_TIMEOUTS: Required<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

/**
 * The one way an HTTP server of TagSim is made (the tag API with its control API and window, the
 * lab dashboard): the slow-client limits, each defaulting to DEFAULT_TIMEOUTS, and Node's answers
 * to malformed requests, which never cut off the answer to a complete one.
 */
export function createHttpServer(timeouts: ServerTimeouts | undefined, listener: RequestListener): Server {
  const limits = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      // Node checks the two limits above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(limits.headersMs / 4))),
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveMs;
  // A malformed request after a complete one still gets the complete one's answer (client-error.ts).
  answerClientErrors(server, limits.requestMs);
  return server;
}

/** Where an HTTP server listens. */
export interface HttpAddress {
  readonly url: string;
  readonly host: string;
  readonly port: number;
}

/** Binds an HTTP server (bindServer) and gives its URL. */
export async function listenHttp(
  server: Server,
  port: number,
  host: string,
  onError: (error: Error) => void,
): Promise<HttpAddress> {
  const address = await bindServer(server, port, host, onError);
  return { url: httpUrl(address.address, address.port), host: address.address, port: address.port };
}

/**
 * Binds a server (HTTP or plain TCP) and resolves with its address, or rejects with the system
 * error (EADDRINUSE, EACCES...). Once bound, the listen failure handler goes: what the server
 * meets later (an accept failing for want of file descriptors) goes to `onError` and never
 * crashes the process.
 */
export function bindServer(
  server: NetServer,
  port: number,
  host: string,
  onError: (error: Error) => void,
): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}
