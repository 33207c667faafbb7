// The Host check of the window, the dashboard and the control API (DNS rebinding): only an IP
// literal or localhost, with an optional port, and nothing that merely contains one.
import { describe, expect, it } from 'vitest';
import { isAllowedHost } from '../../main/ui-host/request-guard.js';

describe('isAllowedHost', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.1:7410',
    '127.0.0.1:',
    '10.1.2.3:80',
    'localhost',
    'LocalHost:7410',
    '[::1]',
    '[::1]:7410',
    '[fe80::1]:80',
  ])('takes %s', (host) => {
    expect(isAllowedHost(host)).toBe(true);
  });

  it.each([
    ['a bracket left open', '[1.2.3.4x'],
    ['a bracket left open, IPv6', '[::1'],
    ['a bracket left open with a port', '[::1:7410'],
    ['text after the bracket', '[::1]x'],
    ['a port with letters after the bracket', '[::1]:80x'],
    ['an IPv4 address in brackets', '[127.0.0.1]'],
    ['a closing bracket only', '127.0.0.1]'],
    ['two ports', '127.0.0.1:80:80'],
    ['a port with letters', '127.0.0.1:80x'],
    ['an IPv6 address without brackets', '::1'],
    ['a name', 'evil.example:7410'],
    ['a name that starts like an address', '127.0.0.1.evil.example'],
    ['empty', ''],
    ['absent', undefined],
  ])('refuses %s (%s)', (_what, host) => {
    expect(isAllowedHost(host)).toBe(false);
  });
});
