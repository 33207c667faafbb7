import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../../../shared/bridge/bridge-spec.js';
import type { ConnectionState } from '../../../renderer/transport/connection.js';
import {
  createWsTransport,
  DEFAULT_MAX_MESSAGE_BYTES,
  type SocketLike,
  uiSocketUrl,
} from '../../../renderer/transport/ws-transport.js';
import { FakeTimers } from '../fake-timers.js';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

function setup() {
  const timers = new FakeTimers();
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const transport = createWsTransport({
    url: 'ws://127.0.0.1:7410/ui/ws?token=t',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers,
    initialDelayMs: 100,
    maxDelayMs: 800,
    callTimeoutMs: 5000,
  });
  transport.onConnection((state) => states.push(state));
  const last = () => sockets[sockets.length - 1]!;
  return { timers, sockets, states, transport, last };
}

describe('the WebSocket transport', () => {
  it('connects at once and reports connecting, then connected', () => {
    const { sockets, transport, last } = setup();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://127.0.0.1:7410/ui/ws?token=t');
    expect(transport.connection.status).toBe('connecting');
    last().open();
    expect(transport.connection).toEqual({ status: 'connected' });
  });

  it('sends numbered calls and resolves or rejects them with the answer', async () => {
    const { transport, last } = setup();
    last().open();
    const a = transport.invoke('setValue', { id: 'x', value: 1 });
    const b = transport.invoke('getState', undefined);
    expect(last().sent).toEqual([
      { id: 1, method: 'setValue', args: { id: 'x', value: 1 } },
      { id: 2, method: 'getState' },
    ]);
    last().receive({ id: 2, error: 'args must be absent; got string.' });
    last().receive({ id: 1, result: null });
    await expect(a).resolves.toBeNull();
    await expect(b).rejects.toThrow('args must be absent; got string.');
  });

  it('hands pushed events to subscribers and ignores junk', () => {
    const { transport, last } = setup();
    last().open();
    const seen: BridgeEventMessage[] = [];
    const stop = transport.subscribe((m) => seen.push(m));
    const stats = { event: 'stats', payload: { requestsPerSecond: 3, clients: 1 } };
    last().receive(stats);
    last().receive({ event: 'nope', payload: 1 });
    last().receive('not json');
    last().receive('null');
    last().receive({ id: 99, result: 1 }); // no such call
    stop();
    last().receive(stats);
    expect(seen).toEqual([stats]);
  });

  it('refuses calls while not connected', async () => {
    const { transport } = setup();
    await expect(transport.invoke('releaseAll', undefined)).rejects.toThrow('Not connected to TagSim.');
  });

  it('fails pending calls when the socket drops, then reconnects with growing delays', async () => {
    const { timers, sockets, states, transport, last } = setup();
    last().open();
    const call = transport.invoke('releaseAll', undefined);
    last().drop();
    await expect(call).rejects.toThrow('The connection to TagSim was lost.');
    expect(transport.connection).toEqual({
      status: 'disconnected',
      attempt: 1,
      retryAt: 100,
      everConnected: true,
    });

    timers.advance(99);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // the new attempt fails too
    expect(transport.connection).toMatchObject({ status: 'disconnected', attempt: 2, retryAt: 300 });
    timers.advance(200);
    last().drop();
    timers.advance(400);
    last().drop();
    timers.advance(800);
    last().drop();
    expect(transport.connection).toMatchObject({ status: 'disconnected', attempt: 5 });
    timers.advance(799);
    expect(sockets).toHaveLength(5);
    timers.advance(1); // capped at maxDelayMs
    expect(sockets).toHaveLength(6);
    last().open();
    expect(transport.connection.status).toBe('connected');
    expect(states.filter((s) => s.status === 'connected')).toHaveLength(2);

    last().drop(); // after a success the delay starts small again
    expect(transport.connection).toMatchObject({ attempt: 1 });
  });

  it('says when it never connected (a stale token is the likely cause)', () => {
    const { transport, last } = setup();
    last().drop();
    expect(transport.connection).toMatchObject({ status: 'disconnected', everConnected: false });
  });

  it('retries at once on request', () => {
    const { timers, sockets, transport, last } = setup();
    last().drop();
    transport.reconnectNow();
    expect(sockets).toHaveLength(2);
    expect(timers.pending).toBe(0);
    transport.reconnectNow(); // not disconnected now: nothing happens
    expect(sockets).toHaveLength(2);
  });

  it('times a call out when no answer comes', async () => {
    const { timers, transport, last } = setup();
    last().open();
    const call = transport.invoke('releaseAll', undefined);
    timers.advance(5000);
    await expect(call).rejects.toThrow('TagSim did not answer releaseAll in time.');
  });

  it('stops for good when closed', async () => {
    const { timers, sockets, transport, last } = setup();
    last().open();
    const call = transport.invoke('releaseAll', undefined);
    transport.close();
    await expect(call).rejects.toThrow('closed');
    expect(sockets[0]!.closed).toBe(true);
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('ignores messages of a socket it has replaced', () => {
    const { sockets, transport, last } = setup();
    const first = last();
    first.drop();
    transport.reconnectNow();
    first.open();
    expect(transport.connection.status).toBe('connecting');
    sockets[1]!.open();
    expect(transport.connection.status).toBe('connected');
  });

  it('builds the socket address of the page host with the token', () => {
    expect(uiSocketUrl({ protocol: 'http:', host: '127.0.0.1:7410' }, 'a b')).toBe(
      'ws://127.0.0.1:7410/ui/ws?token=a%20b',
    );
    expect(uiSocketUrl({ protocol: 'https:', host: 'lab:1' }, 't')).toBe('wss://lab:1/ui/ws?token=t');
  });
});

describe('the WebSocket transport and big calls', () => {
  it('refuses a call bigger than the host accepts, without sending it or dropping the link', async () => {
    const { transport, last } = setup();
    last().open();
    const text = 'x'.repeat(DEFAULT_MAX_MESSAGE_BYTES);
    await expect(transport.invoke('openScene', { text, fileName: 'big.tagsim.json' })).rejects.toThrow(
      /^This is 17\.0 MiB, more than the browser window's connection to TagSim carries \(17\.0 MiB\)\.$/,
    );
    expect(last().sent).toEqual([]);
    expect(transport.connection.status).toBe('connected');
    // Multi-byte characters count as the bytes they are on the wire.
    const wide = 'é'.repeat(DEFAULT_MAX_MESSAGE_BYTES / 2);
    await expect(transport.invoke('openScene', { text: wide })).rejects.toThrow(/more than/);
    void transport.invoke('openScene', { text: 'x'.repeat(1000), fileName: 'small.tagsim.json' });
    expect(last().sent).toHaveLength(1);
  });
});
