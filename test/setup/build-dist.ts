// The CLI tests run the real `tagsim` command from dist/, and the end-to-end tests open the
// window it serves with `--ui`, so build both (tsc, then the renderer bundle) before any test runs.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  execFileSync(process.execPath, ['scripts/build-bundles.mjs'], { cwd: root, stdio: 'inherit' });
}
