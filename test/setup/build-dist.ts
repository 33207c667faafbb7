// The CLI tests run the real `tagsim` command from dist/, and the end-to-end tests open the
// window it serves with `--ui`, so build both (tsc, then the renderer bundles) before any test
// runs. scripts/build.mjs, as `npm run build`: it builds only what changed since the last build
// (by content hash, an edited or missing output included), so a run with nothing changed starts
// at once, and it takes a lock, so a build by `npm run serve` at the same time waits its turn.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
