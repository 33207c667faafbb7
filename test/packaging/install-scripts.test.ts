// Dependency install scripts are reviewed in package.json's allowScripts (npm 11): every package
// of the lockfile that has one is allowed or denied by its bare name (this lockfile has no
// `resolved` fields, and npm refuses a pinned `name@version` allow it cannot verify against one),
// no entry is stale, `.npmrc` makes an unreviewed script fail the install, and docs/packaging.md
// gives the reason for each decision. See docs/packaging.md, "Install scripts".
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const pkg = JSON.parse(read('package.json')) as { allowScripts?: Record<string, unknown> };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { hasInstallScript?: boolean; resolved?: string }>;
};
const policy = pkg.allowScripts ?? {};
const withScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
].sort();
// allowScripts and `npm install-scripts` came with npm 11; Node 20 ships npm 10, which ignores both.
const npmMajor = Number(execFileSync('npm', ['--version'], { encoding: 'utf8' }).split('.')[0]);

describe("package.json's allowScripts", () => {
  it('names exactly the locked packages that have install scripts, by name alone, each true or false', () => {
    expect(Object.keys(policy).sort()).toEqual(withScripts);
    for (const [key, value] of Object.entries(policy)) {
      expect(key, 'a name-only key').toMatch(/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+$/);
      expect(typeof value, key).toBe('boolean');
    }
    expect(Object.values(lock.packages).filter((entry) => entry.resolved)).toEqual([]);
  });

  it('is enforced: .npmrc turns an unreviewed install script into a failed install', () => {
    expect(read('.npmrc')).toMatch(/^strict-allow-scripts=true$/m);
  });

  it('has each decision and its reason in docs/packaging.md', () => {
    const doc = read('docs/packaging.md');
    for (const [name, allowed] of Object.entries(policy)) {
      expect(doc, name).toMatch(
        new RegExp(`^\\| \`${name}\` +\\| ${allowed ? 'allowed' : 'denied'} +\\|`, 'm'),
      );
    }
  });

  it.skipIf(npmMajor < 11)(
    'leaves npm nothing to review in this install (npm install-scripts ls)',
    async () => {
      const listed = await new Promise<string>((resolve, reject) => {
        execFile('npm', ['install-scripts', 'ls', '--json'], { cwd: root }, (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
      });
      expect(JSON.parse(listed)).toEqual({ allowScripts: [] });
    },
  );
});
