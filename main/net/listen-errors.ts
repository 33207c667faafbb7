import { errorMessage } from '../../shared/problems/message-text.js';

/** The option that picks the port, and a free port to suggest for it. */
export interface PortHint {
  option: string;
  suggestion: number;
}

/** The API server's port option. */
export const API_PORT_HINT: PortHint = { option: '--port', suggestion: 7410 };
/** The Modbus server's: 502 is a privileged port, 5020 is the usual unprivileged stand-in. */
export const MODBUS_PORT_HINT: PortHint = { option: '--modbus', suggestion: 5020 };

/** One line that says why a server could not start, in the words of someone fixing it. */
export function describeListenError(
  error: unknown,
  host: string,
  port: number,
  hint: PortHint = API_PORT_HINT,
): string {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; stop the other program or choose another port with ${hint.option}`;
    case 'EACCES':
      return port < 1024
        ? `not allowed to listen on ${host}:${port}: ports below 1024 need administrator rights; try ${hint.option} ${hint.suggestion}`
        : `not allowed to listen on ${host}:${port}; choose another port with ${hint.option}`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${host}: that address is not on this machine (try 127.0.0.1 or 0.0.0.0)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${host}: the host name does not resolve (try 127.0.0.1 or 0.0.0.0)`;
    default:
      return errorMessage(error);
  }
}
