// Which hosts keep the browser UI's file access on by default: only those no other machine reaches.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, uiFileAccessFor, uiFilesRefusal } from '../../main/runtime/ui-file-access.js';

describe('the browser UI file access by host', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.0.9',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    'localhost',
    'LocalHost',
    '::ffff:127.0.0.1',
  ])('keeps it on for the loopback address %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(uiFileAccessFor(host)).toBe('any');
  });

  it.each([
    '0.0.0.0',
    '::',
    '[::]',
    '192.168.1.20',
    '10.0.0.1',
    '::2',
    'lab-server',
    '128.0.0.1',
    '1.127.0.0',
  ])('turns it off for %s, unless allowed (--ui-files)', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
    expect(uiFileAccessFor(host)).toBe('none');
    expect(uiFileAccessFor(host, true)).toBe('any');
  });

  it('says why and what to do instead when it refuses', () => {
    expect(uiFilesRefusal('0.0.0.0')).toBe(
      "This TagSim's browser window cannot open or save files on the server (it listens on 0.0.0.0); " +
        'use Open file… and the downloads instead, or start TagSim with --ui-files.',
    );
  });
});
