/** Whether the window can reach the core. Electron IPC is always connected; a WebSocket may drop. */
export type ConnectionState =
  | { status: 'connecting'; attempt: number }
  | { status: 'connected' }
  | {
      status: 'disconnected';
      /** Failed attempts in a row since the last successful connection. */
      attempt: number;
      /** When the next attempt starts, in the transport's clock (ms). */
      retryAt: number;
      /** False until a first connection succeeded: then a stale token is the likely cause. */
      everConnected: boolean;
    };

/** Tells the window about its link to the core. */
export interface ConnectionSource {
  readonly connection: ConnectionState;
  onConnection(listener: (state: ConnectionState) => void): () => void;
  /** Skips the wait before the next reconnection attempt (a "Retry now" button). */
  reconnectNow?(): void;
}

/** The source for transports that cannot drop (Electron IPC). */
export const ALWAYS_CONNECTED: ConnectionSource = {
  connection: { status: 'connected' },
  onConnection: () => () => undefined,
};
