import type { AddressInfo, Server } from 'node:net';

/**
 * Binds a server (HTTP or plain TCP) and resolves with its address, or rejects with the system
 * error (EADDRINUSE, EACCES...). Once bound, the listen failure handler goes: what the server
 * meets later (an accept failing for want of file descriptors) goes to `onError` and never
 * crashes the process.
 */
export function bindServer(
  server: Server,
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
