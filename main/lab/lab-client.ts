import { lookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** What a lab's dashboard answered: its status and body, passed on as they are. */
export interface LabReply {
  readonly status: number;
  readonly body: string;
}

/** A lab that did not answer: not reachable, too slow, or an answer past the size bound. */
export class LabUnreachable extends Error {}

/** Longest a lab may take to answer one request. */
export const LAB_REPLY_TIMEOUT_MS = 3_000;
/** Largest answer read from a lab (a plant layout is tens of KiB; a station list of 64 about 100). */
export const MAX_LAB_REPLY_BYTES = 4 * 1024 * 1024;

/**
 * Talks to one lab process's dashboard API with its token, for the class view (class-view.ts).
 * A lab's dashboard answers only to a Host that is an IP address (no DNS rebinding, docs/lab.md),
 * so a name such as a StatefulSet pod's (`tagsim-lab-0.tagsim-lab`) is looked up at each request
 * (a restarted pod has a new address) and the request goes to, and names, the address.
 */
export function labClient(url: string, token: string) {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const address = async () => (isIP(host) ? host : (await lookup(host)).address);
  const addressOrUnreachable = async (): Promise<string> => {
    try {
      return await address();
    } catch (error) {
      throw new LabUnreachable(`cannot look up ${host}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  };
  const unreachable = (error: Error, ip: string) =>
    error instanceof LabUnreachable
      ? error
      : new LabUnreachable(`${(error as NodeJS.ErrnoException).code ?? error.message} at ${ip}:${port}`);
  /**
   * Sends a request to the lab with its token, `onHead` called with its answer's head. The
   * deadline (LAB_REPLY_TIMEOUT_MS) runs until the returned function stops it; every failure,
   * the deadline's too, goes to `reject` as a LabUnreachable.
   */
  const start = (
    ip: string,
    request: { method: 'GET' | 'POST'; path: string; body?: string | undefined },
    onHead: (res: IncomingMessage, req: ClientRequest) => void,
    reject: (error: LabUnreachable) => void,
  ): (() => void) => {
    const { method, path, body } = request;
    const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
    if (body !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
    const req = httpRequest({ host: ip, port: Number(port) || 80, method, path, headers }, (res) =>
      onHead(res, req),
    );
    const deadline = setTimeout(
      () => req.destroy(new LabUnreachable(`no answer within ${LAB_REPLY_TIMEOUT_MS / 1000} s`)),
      LAB_REPLY_TIMEOUT_MS,
    );
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(unreachable(error, ip));
    });
    req.end(body);
    return () => clearTimeout(deadline);
  };
  return {
    async send(method: 'GET' | 'POST', path: string, body?: string): Promise<LabReply> {
      const ip = await addressOrUnreachable();
      return new Promise<LabReply>((resolve, reject) => {
        // The whole exchange, not each read: a lab that trickles its answer is cut off too.
        const stop = start(
          ip,
          { method, path, body },
          (res, req) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_LAB_REPLY_BYTES)
                req.destroy(new LabUnreachable(`its answer is over ${MAX_LAB_REPLY_BYTES} bytes`));
              else chunks.push(chunk);
            });
            res.on('end', () => {
              stop();
              resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks).toString('utf8') });
            });
            res.on('error', (error) => reject(new LabUnreachable(error.message)));
          },
          reject,
        );
      });
    },
    /**
     * Opens a GET whose answer streams (a station's plant feed): resolves with the answer once its
     * head came (within LAB_REPLY_TIMEOUT_MS), for the caller to read and destroy.
     */
    async open(path: string): Promise<IncomingMessage> {
      const ip = await addressOrUnreachable();
      return new Promise<IncomingMessage>((resolve, reject) => {
        const stop = start(
          ip,
          { method: 'GET', path },
          (res) => {
            stop();
            resolve(res);
          },
          reject,
        );
      });
    },
  };
}

export type LabClient = ReturnType<typeof labClient>;
