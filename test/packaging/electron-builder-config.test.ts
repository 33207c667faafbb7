// electron-builder.yml is checked against the configuration schema electron-builder itself ships
// (app-builder-lib/scheme.json), so a typo or a misplaced key fails CI instead of being ignored
// or failing only on a release machine. Also pins what the product depends on: ids, targets,
// fuses, and that every icon the configuration names exists with the right size.
import { Ajv, type ErrorObject } from 'ajv';
import { load } from 'js-yaml';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

type Config = Record<string, unknown>;
type TargetList = (string | { target: string })[];

const schema = JSON.parse(readFileSync(`${root}node_modules/app-builder-lib/scheme.json`, 'utf8')) as object;
// The options electron-builder validates with (app-builder-lib's schemaValidator), less
// coerceTypes: the test must not quietly turn "true" into true.
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

function readConfig(): Config {
  return load(readFileSync(`${root}electron-builder.yml`, 'utf8')) as Config;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'anyOf')
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

function section(config: Config, key: string): Config {
  const value = config[key];
  expect(value, `electron-builder.yml has a "${key}" section`).toBeTypeOf('object');
  return value as Config;
}

function targetNames(config: Config, platform: string): string[] {
  return (section(config, platform)['target'] as TargetList).map((t) =>
    typeof t === 'string' ? t : t.target,
  );
}

/** Width and height from a PNG's IHDR chunk (and a check that it is a PNG at all). */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString('hex'), `${path} is a PNG`).toBe('89504e470d0a1a0a');
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it('is valid against the schema electron-builder ships', () => {
    const ok = validate(readConfig());
    expect(describeErrors(validate.errors)).toBe('');
    expect(ok).toBe(true);
  });

  it('fails validation on a misspelt key, so the schema check has teeth', () => {
    const typo = { ...readConfig(), productNme: 'TagSim' };
    expect(validate(typo)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({
        keyword: 'additionalProperties',
        params: { additionalProperty: 'productNme' },
      }),
    );

    const nested = readConfig();
    nested['electronFuses'] = { ...section(nested, 'electronFuses'), runAsNodee: false };
    expect(validate(nested)).toBe(false);

    const wrongType = { ...readConfig(), asar: 'yes please' };
    expect(validate(wrongType)).toBe(false);
  });

  it('names the app', () => {
    const config = readConfig();
    expect(config['appId']).toBe('com.tagsim.app');
    expect(config['productName']).toBe('TagSim');
    expect(section(config, 'directories')).toMatchObject({ output: 'out', buildResources: 'assets' });
  });

  it('builds NSIS for Windows, DMG for macOS, AppImage and deb for Linux', () => {
    const config = readConfig();
    expect(targetNames(config, 'win')).toEqual(['nsis']);
    expect(targetNames(config, 'mac')).toEqual(['dmg']);
    expect(targetNames(config, 'linux').sort()).toEqual(['AppImage', 'deb']);
  });

  it('flips the security fuses', () => {
    expect(section(readConfig(), 'electronFuses')).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(readConfig()['asar']).not.toBe(false);
  });

  it('ships only the built app, never sources, tests or source maps', () => {
    const files = readConfig()['files'] as string[];
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'dist/preload/**/*.cjs', 'dist/renderer/**', '!**/*.map']),
    );
    for (const pattern of files.filter((f) => !f.startsWith('!'))) {
      expect(pattern).toMatch(/^(package\.json|dist\/(main|shared|preload|renderer)\/|assets\/tray\/)/);
    }
  });

  it("puts a lab's presets.json and scene files from assets/presets next to app.asar, nothing else", () => {
    // The desktop app reads presets.json from process.resourcesPath (main/settings/presets.ts).
    expect(readConfig()['extraResources']).toEqual([
      { from: 'assets/presets', filter: ['presets.json', '*.tagsim.json'] },
    ]);
  });

  it('has a maintainer and homepage for the deb package', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
      author?: { name?: string; email?: string };
      homepage?: string;
    };
    expect(pkg.author?.name).toBeTruthy();
    expect(pkg.author?.email).toMatch(/@/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
  });

  it('references icons that exist, at sizes the targets accept', () => {
    const config = readConfig();
    for (const platform of ['win', 'mac']) {
      const icon = `${root}${section(config, platform)['icon'] as string}`;
      const { width, height } = pngSize(icon);
      expect(width, `${platform} icon`).toBe(height);
      expect(width, `${platform} icon`).toBeGreaterThanOrEqual(512);
    }

    // Linux takes a folder of <size>x<size>.png files.
    const linuxIcons = `${root}${section(config, 'linux')['icon'] as string}`;
    expect(statSync(linuxIcons).isDirectory()).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(`${linuxIcons}/${size}x${size}.png`)).toEqual({ width: size, height: size });
    }
  });

  it('ships the tray icons of the three states, each with a @2x variant', () => {
    expect(readConfig()['files']).toContain('assets/tray/**');
    for (const state of ['normal', 'faults', 'stopped']) {
      expect(pngSize(`${root}assets/tray/tray-${state}.png`)).toEqual({ width: 16, height: 16 });
      expect(pngSize(`${root}assets/tray/tray-${state}@2x.png`)).toEqual({ width: 32, height: 32 });
    }
    expect(existsSync(`${root}scripts/make-icons.mjs`)).toBe(true);
  });
});
