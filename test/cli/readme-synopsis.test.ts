// README's command line against the CLI's own tables: the synopsis is the one the option table
// generates (npm run readme:synopsis), every command and option --help lists is in it, each
// `tagsim …` example in README parses, and `npx tagsim` runs from the checkout as README says.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandHelp, generalHelp, synopsis } from '../../main/cli/cli-help.js';
import { COMMAND_SPECS } from '../../main/cli/cli-spec.js';
import { parseCli } from '../../main/cli/parse-cli.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

/** The fenced block between README's synopsis markers. */
function readmeSynopsis(): string {
  const block = /<!-- synopsis:[^>]*-->\s*```\n([\s\S]*?)\n```\s*<!-- \/synopsis -->/.exec(readme);
  if (!block) throw new Error('README.md has no synopsis block');
  return block[1]!;
}

/** The `--options` named in a text. */
const optionsIn = (text: string) => new Set(text.match(/--[a-z][a-z-]*/g) ?? []);

/** The synopsis entry of one command: its first line and the continuation lines under it. */
function entryOf(text: string, command: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`tagsim ${command} `) || l === `tagsim ${command}`);
  if (start < 0) return '';
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => !l.startsWith(' '));
  return [lines[start], ...rest.slice(0, end < 0 ? rest.length : end)].join('\n');
}

/** The words of a shell command line (quotes honoured), up to a comment, `&`, `|` or `>`. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|([^\s"']+)/g)) {
    const bare = m[3];
    if (bare !== undefined && /^(#|&|\||>|2>)/.test(bare)) break;
    words.push(m[1] ?? m[2] ?? bare!);
  }
  return words;
}

describe("README's command line", () => {
  it('is the synopsis the option table generates (npm run readme:synopsis rewrites it)', () => {
    expect(readmeSynopsis()).toBe(synopsis());
  });

  it.each(COMMAND_SPECS.map((c) => c.name))('names every option that `tagsim %s --help` lists', (name) => {
    const help = optionsIn(commandHelp(name));
    for (const global of ['--help', '--version']) help.delete(global);
    const entry = entryOf(readmeSynopsis(), name);
    expect(entry, `README's synopsis has tagsim ${name}`).not.toBe('');
    expect([...optionsIn(entry)].sort()).toEqual([...help].sort());
  });

  it('has `tagsim …` examples that each parse as written', () => {
    const examples = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
      .flatMap((block) => block[1]!.split('\n'))
      .map((line) => shellWords(line.replace(/^npx /, '')))
      .filter((words) => words[0] === 'tagsim');
    expect(examples.length).toBeGreaterThan(5);
    for (const words of examples) expect(() => parseCli(words.slice(1)), words.join(' ')).not.toThrow();
  });
});

describe('tagsim --help', () => {
  it('ends no option description with a dangling ";" or ","', () => {
    for (const name of COMMAND_SPECS.map((c) => c.name)) {
      const lines = commandHelp(name).split('\n');
      const starts = lines.flatMap((l, i) => (/^ {2}-/.test(l) ? [i] : []));
      for (const [k, start] of starts.entries()) {
        const end = starts[k + 1] ?? lines.findIndex((l, i) => i > start && l === '');
        expect(lines[end - 1], `tagsim ${name} --help`).not.toMatch(/[;,]$/);
      }
    }
  });

  it('runs from the checkout as `npx tagsim`, after the quick start, without the registry', () => {
    // npx installs the checkout into its own cache, and that install runs `prepare` (a full
    // rebuild of dist/) unless scripts are off: mid-suite it rewrote files other tests were
    // loading, and once left npx with no `tagsim` to run (exit 127 in CI). The quick start has
    // already built dist/, so the test skips the rebuild, and uses a cache of its own so that no
    // earlier npx install on the machine decides what runs.
    const cache = mkdtempSync(join(tmpdir(), 'tagsim-npx-'));
    const env = { ...process.env, npm_config_cache: cache, npm_config_ignore_scripts: 'true' };
    const run = spawnSync('npx', ['--offline', 'tagsim', '--help'], { cwd: root, encoding: 'utf8', env });
    rmSync(cache, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(generalHelp());
  }, 60_000);
});
