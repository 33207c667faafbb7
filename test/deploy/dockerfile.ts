// Reads the project's Dockerfile into stages of instructions, as Docker does: comments and blank
// lines dropped, lines ending in `\` joined, the instruction's keyword in any case. Enough for the
// rules test/deploy/dockerfile.test.ts checks and for the runtime-stage test to run the same
// commands; not a general Dockerfile parser (no parser directives, heredocs or ARG expansion,
// none of which the project's Dockerfile uses, and dockerfile.test.ts fails if it ever does).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
  readonly line: number;
}

export interface Stage {
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

export const DOCKERFILE = fileURLToPath(new URL('../../Dockerfile', import.meta.url));

export function readDockerfile(text = readFileSync(DOCKERFILE, 'utf8')): Stage[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trimEnd();
    if (pending === undefined && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (pending !== undefined && line.trimStart().startsWith('#')) continue;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1) : line;
    pending = pending
      ? { text: `${pending.text} ${part.trim()}`, line: pending.line }
      : { text: part, line: i + 1 };
    if (continued) continue;
    const [, keyword = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(pending.text) ?? [];
    instructions.push({ keyword: keyword.toUpperCase(), args: args.trim(), line: pending.line });
    pending = undefined;
  }
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = instruction.args.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`line ${instruction.line}: ${instruction.keyword} before any FROM`);
      (stage.instructions as Instruction[]).push(instruction);
    }
  }
  return stages;
}

/** The arguments of an exec-form instruction (`CMD ["a", "b"]`), or undefined for shell form. */
export function execForm(instruction: Instruction | undefined): string[] | undefined {
  if (!instruction?.args.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(instruction.args);
  return Array.isArray(parsed) && parsed.every((a) => typeof a === 'string') ? parsed : undefined;
}

const KNOWN = new Set([
  'WORKDIR',
  'COPY',
  'ENV',
  'RUN',
  'USER',
  'EXPOSE',
  'HEALTHCHECK',
  'ENTRYPOINT',
  'CMD',
  'LABEL',
]);
/** The official Node image, a slim variant, pinned to an exact version (a digest may follow). */
const PINNED_NODE = /^node:(\d+)\.(\d+)\.(\d+)-[a-z]+-slim(@sha256:[0-9a-f]{64})?$/;

/**
 * The rules that matter for this image (docs/deploy.md), as one problem per line: the base is
 * the official Node image, slim, pinned; the image runs as the unprivileged `node` user; the
 * runtime stage installs the packed tarball's production dependencies with no install scripts
 * and copies no node_modules; it has a health check and an exec-form command, so signals reach
 * node. `nodeMajor` is the major version the project runs on.
 */
export function dockerfileProblems(stages: readonly Stage[], nodeMajor: number): string[] {
  const problems: string[] = [];
  for (const stage of stages) {
    const pinned = PINNED_NODE.exec(stage.from);
    if (!pinned) problems.push(`FROM ${stage.from}: not the official node image, slim, at an exact version`);
    else if (Number(pinned[1]) !== nodeMajor) problems.push(`FROM ${stage.from}: not Node ${nodeMajor}`);
    for (const i of stage.instructions) {
      if (!KNOWN.has(i.keyword)) problems.push(`line ${i.line}: ${i.keyword} is not checked by these rules`);
      if (i.keyword === 'COPY' && /node_modules/.test(i.args))
        problems.push(`line ${i.line}: copies node_modules`);
    }
  }
  const runtime = stages.at(-1);
  if (!runtime) return [...problems, 'no stage'];
  const of = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword);
  if (lastOf(runtime, 'USER')?.args !== 'node') problems.push('the runtime stage does not end as USER node');
  const runs = of('RUN').map((i) => i.args);
  const installs = runs.flatMap((run) => run.match(/npm (ci|install|i)\b[^&;|]*/g) ?? []);
  if (installs.length !== 1 || !/^npm ci\b/.test(installs[0]!))
    problems.push(
      `the runtime stage must install with exactly one npm ci; found: ${installs.join(', ') || 'none'}`,
    );
  for (const flag of ['--omit=dev', '--ignore-scripts'])
    if (!installs.every((command) => command.includes(flag)))
      problems.push(`the runtime stage's npm ci lacks ${flag}`);
  const health = lastOf(runtime, 'HEALTHCHECK');
  if (!health || !health.args.includes('/healthz'))
    problems.push('no HEALTHCHECK on the status route (/healthz)');
  for (const keyword of ['ENTRYPOINT', 'CMD'])
    if (!execForm(lastOf(runtime, keyword)))
      problems.push(`${keyword} is missing or not in exec form (signals would go to a shell)`);
  return problems;
}

/** The stage's last instruction of that keyword (the one Docker uses for CMD, ENTRYPOINT...). */
export function lastOf(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((i) => i.keyword === keyword).at(-1);
}
