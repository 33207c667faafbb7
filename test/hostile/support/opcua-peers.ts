// Misbehaving OPC UA servers for the OPC UA client's hostile suite, on 127.0.0.1 over real TCP:
// a raw peer that answers the client's first message as a plan says (garbage, half a frame then
// gone, nothing at all, a close), and a proxy in front of a real server (node-opcua's) that
// passes the server's bytes late, or cuts the connection after so many of them (mid-frame).
import { connect, createServer, type Server, type Socket } from 'node:net';

export type PeerAnswer =
  | { kind: 'garbage'; bytes: Uint8Array }
  /** A message header (`ACKF`) that promises more bytes than ever come, then the close. */
  | { kind: 'halfThenClose' }
  | { kind: 'silent' }
  | { kind: 'close' };

export interface TestPeer {
  readonly port: number;
  /** Connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

async function listen(server: Server, sockets: Set<Socket>): Promise<number> {
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** The peer of a listening server: its port, its connections so far, and its close. */
function peerOf(server: Server, sockets: Set<Socket>, port: number, connections: () => number): TestPeer {
  return {
    port,
    get connections() {
      return connections();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A peer that answers the first bytes of every connection (the client's Hello) as `answer` says. */
export async function startRawPeer(answer: PeerAnswer): Promise<TestPeer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    if (answer.kind === 'close') return void socket.destroy();
    socket.once('data', () => {
      if (answer.kind === 'garbage') socket.write(answer.bytes);
      if (answer.kind === 'halfThenClose') {
        const header = Buffer.alloc(12);
        header.write('ACKF', 0, 'latin1');
        header.writeUInt32LE(28, 4); // an Acknowledge is 28 bytes; 12 come
        socket.end(header);
      }
    });
  });
  return peerOf(server, sockets, await listen(server, sockets), () => connections);
}

export interface ProxyPlan {
  /** Each chunk of the server's bytes is passed this late. */
  readonly delayMs?: number;
  /** The first connection is cut after this many of the server's bytes (later ones are whole). */
  readonly cutAfter?: number;
}

/** A proxy to a real server at `target`, passing its bytes late or cutting them as `plan` says. */
export async function startProxy(target: number, plan: ProxyPlan): Promise<TestPeer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((client) => {
    const cutAfter = connections++ === 0 ? plan.cutAfter : undefined;
    const upstream = connect(target, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (bytes) => upstream.write(bytes));
    let passed = 0;
    upstream.on('data', (bytes) => {
      const pass = () => {
        if (cutAfter !== undefined && passed + bytes.length >= cutAfter) {
          client.write(bytes.subarray(0, cutAfter - passed));
          client.destroy();
          upstream.destroy();
          return;
        }
        passed += bytes.length;
        client.write(bytes);
      };
      if (plan.delayMs) setTimeout(pass, plan.delayMs);
      else pass();
    });
  });
  return peerOf(server, sockets, await listen(server, sockets), () => connections);
}
