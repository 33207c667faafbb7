// The Node the project says it supports (package.json `engines`, README's quick start) is one
// every locked package accepts: `npm ci` on that Node prints no EBADENGINE warning (issue 25).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver;
const root = new URL('../../', import.meta.url);
const json = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8')) as unknown;

const pkg = json('package.json') as { engines: { node: string } };
const lock = json('package-lock.json') as {
  packages: Record<string, { version?: string; engines?: unknown }>;
};

describe("the project's Node", () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('is the one README names', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toContain(`Node.js ${oldest.replace(/\.0$/, '')} or later`);
  });

  it('is accepted by every package in package-lock.json, down to the oldest engines allows', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const engines = entry.engines as { node?: unknown } | undefined;
      const node = typeof engines?.node === 'string' ? engines.node : undefined;
      return node && !semver.satisfies(oldest, node) ? [`${path}@${entry.version}: node ${node}`] : [];
    });
    expect(refusing, `Node ${oldest}`).toEqual([]);
  });
});
