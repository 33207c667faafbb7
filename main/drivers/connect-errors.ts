import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * Why a connection to a controller failed or ended, in the words of someone at the plant: the
 * status line shows it beside "disconnected" (docs/architecture.md, "Drivers").
 */
export function describeConnectError(error: unknown): string {
  switch ((error as { code?: unknown }).code) {
    case 'ECONNREFUSED':
      return 'connection refused: nothing listens there (is the controller running?)';
    case 'ECONNRESET':
      return 'the controller reset the connection';
    case 'EPIPE':
      return 'the controller closed the connection';
    case 'ETIMEDOUT':
      return 'no answer to the connection (a firewall, or a wrong address?)';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to the controller';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    default:
      return errorMessage(error);
  }
}
