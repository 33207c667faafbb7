// The desktop app from a checkout installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1 (README's quick
// start): `npm start` says the binary is missing and names the command that fetches it, and that
// command does fetch it. The real electron package's install.js runs against a mirror on
// 127.0.0.1 serving a stand-in zip (build machines reach no Electron download), in a project of
// its own so the checkout's node_modules/electron is never written. See docs/packaging.md.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const electronPackage = join(root, 'node_modules/electron');
const { version } = JSON.parse(readFileSync(join(electronPackage, 'package.json'), 'utf8')) as {
  version: string;
};
const zipName = `electron-v${version}-linux-x64.zip`;

/** A zip of stored (uncompressed) files with Unix modes, as Electron's release zips carry them. */
function zip(files: { name: string; body: string; mode: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const body = Buffer.from(file.body);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(body), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the mode below is read
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(body), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | file.mode) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('npm start without the Electron binary', () => {
  let project = '';
  let mirror: Server;
  let mirrorUrl = '';
  const requested: string[] = [];

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'tagsim-electron-binary-'));
    mkdirSync(join(project, 'node_modules/electron'), { recursive: true });
    for (const file of ['package.json', 'install.js', 'index.js', 'cli.js', 'checksums.json']) {
      copyFileSync(join(electronPackage, file), join(project, 'node_modules/electron', file));
    }
    writeFileSync(join(project, 'package.json'), '{ "name": "electron-binary-test", "private": true }\n');
    const archive = zip([
      { name: 'electron', body: '#!/bin/sh\necho "stand-in Electron $*"\n', mode: 0o755 },
      { name: 'version', body: `v${version}`, mode: 0o644 },
    ]);
    const sums = `${createHash('sha256').update(archive).digest('hex')} *${zipName}\n`;
    mirror = createServer((request, response) => {
      requested.push(request.url ?? '');
      const body = { [`/v${version}/${zipName}`]: archive, [`/v${version}/SHASUMS256.txt`]: sums }[
        request.url ?? ''
      ];
      response.writeHead(body ? 200 : 404).end(body);
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => mirror.close(resolve));
    rmSync(project, { recursive: true, force: true });
  });

  /**
   * Runs a script in the test project; the electron package's own dependencies come from the
   * checkout. Asynchronous, so the mirror in this process can answer it.
   */
  const run = (script: string, env: Record<string, string> = {}, args: string[] = []) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(electron_|npm_config_electron)/i.test(name)),
    );
    const options = { cwd: project, env: { ...clean, NODE_PATH: join(root, 'node_modules'), ...env } };
    return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [script, ...args], options, (error, stdout, stderr) => {
        resolve({ status: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr });
      });
    });
  };

  it('says the binary is missing and names the command that fetches it (not "delete node_modules/electron")', async () => {
    const check = await run(join(root, 'scripts/check-electron.mjs'));
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`The Electron ${version} binary is not installed`);
    expect(check.stderr).toContain('  node node_modules/electron/install.js\n');
    expect(check.stderr).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');

    const skipping = await run(join(root, 'scripts/check-electron.mjs'), {
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    });
    expect(skipping.status).toBe(1);
    expect(skipping.stderr).toContain('unset ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('install.js does nothing while ELECTRON_SKIP_BINARY_DOWNLOAD is set, as the message warns', async () => {
    const skipped = await run('node_modules/electron/install.js', {
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      ELECTRON_MIRROR: mirrorUrl,
      electron_use_remote_checksums: '1',
      electron_config_cache: join(project, 'cache'),
    });
    expect(skipped.status).toBe(0);
    expect(requested).toEqual([]);
    expect((await run(join(root, 'scripts/check-electron.mjs'))).status).toBe(1);
  });

  it('the named command fetches the binary, after which the check passes and `electron` runs it', async () => {
    const install = await run('node_modules/electron/install.js', {
      ELECTRON_MIRROR: mirrorUrl,
      electron_use_remote_checksums: '1',
      electron_config_cache: join(project, 'cache'),
    });
    expect(install.stderr).toBe('');
    expect(install.status).toBe(0);
    expect(requested).toContain(`/v${version}/${zipName}`);

    expect((await run(join(root, 'scripts/check-electron.mjs'))).status).toBe(0);
    const electron = await run('node_modules/electron/cli.js', {}, ['.']);
    expect(electron.stdout).toBe('stand-in Electron .\n');
  });
});
