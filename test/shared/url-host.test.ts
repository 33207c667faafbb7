// Every URL and `host:port` TagSim shows is built by shared/core/url-host.ts: an IPv6 host gets
// its brackets (a URL without them is what Node's url.parse warns of, DEP0170).
import { describe, expect, it } from 'vitest';
import { serverStatusLine } from '../../main/electron/tray-menu.js';
import { modbusStatusLine } from '../../shared/window/modbus-status-line.js';
import { httpUrl, urlHost } from '../../shared/core/url-host.js';

describe('a host in a URL', () => {
  it('is bracketed when it is an IPv6 address, and kept as is otherwise', () => {
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('fe80::1%eth0')).toBe('[fe80::1%eth0]');
    expect(urlHost('[::1]')).toBe('[::1]');
    expect(urlHost('127.0.0.1')).toBe('127.0.0.1');
    expect(urlHost('plc.local')).toBe('plc.local');
    expect(httpUrl('::1', 7410)).toBe('http://[::1]:7410');
    expect(new URL(httpUrl('::1', 7410)).port).toBe('7410');
  });

  it("makes the tray's and the status bar's lines for a server on ::1 readable addresses", () => {
    const line = serverStatusLine({ state: 'listening', host: '::1', port: 7410, controllable: true });
    expect(line).toBe('Listening on http://[::1]:7410');
    expect(modbusStatusLine({ state: 'listening', host: '::1', port: 502, clients: 0 })).toBe(
      'Modbus TCP on [::1]:502, 0 clients',
    );
  });
});
