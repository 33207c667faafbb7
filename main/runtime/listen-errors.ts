/** One line that says why the server could not start, in the words of someone fixing it. */
export function describeListenError(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; stop the other program or choose another port with --port`;
    case 'EACCES':
      return `not allowed to listen on ${host}:${port}; choose a port above 1023 with --port`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${host}: that address is not on this machine (try 127.0.0.1 or 0.0.0.0)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${host}: the host name does not resolve (try 127.0.0.1 or 0.0.0.0)`;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
