import { COMMAND_SPECS, OPTION_SPECS } from './cli-spec.js';
import type { CommandName, CommandSpec } from './option-spec.js';

/** Where the descriptions start, so that every help text lines up the same way. */
const COLUMN = 21;

const EXIT_CODES = 'Exit codes: 0 done, 1 could not do it (the reason is printed), 2 bad command line.';

/** The help of `tagsim --help`: every command, then the options of each. */
export function generalHelp(): string {
  const lines = [
    'Usage: tagsim <command> [options]',
    '',
    'A stand-in for the FACTORY I/O Web API (tags on port 7410).',
    '',
    'Commands:',
  ];
  for (const command of COMMAND_SPECS) {
    lines.push(...row(`${command.name}${command.args ? ` ${command.args}` : ''}`, command.summary));
  }
  for (const command of COMMAND_SPECS) {
    const options = optionRows(command.name);
    if (options.length > 0) lines.push('', `Options of ${command.name}:`, ...options);
  }
  lines.push('', 'Options of every command:', ...globalRows(), '', EXIT_CODES, '');
  return lines.join('\n');
}

/** The help of `tagsim <command> --help`: its usage, what it does and its options. */
export function commandHelp(name: CommandName): string {
  const command = COMMAND_SPECS.find((c) => c.name === name)!;
  const lines = [
    usage(command),
    '',
    ...command.summary,
    '',
    'Options:',
    ...optionRows(name),
    ...globalRows(),
  ];
  lines.push('', EXIT_CODES, '');
  return lines.join('\n');
}

/** Where README's synopsis wraps, and how far its continuation lines are indented. */
const SYNOPSIS_WIDTH = 100;

/**
 * The synopsis README shows under "The command line": one entry per command with every option it
 * takes, from the same tables as --help (scripts/readme-synopsis.mjs writes it into README).
 */
export function synopsis(): string {
  const lines: string[] = [];
  for (const command of COMMAND_SPECS) {
    const head = `tagsim ${command.name}${command.args ? ` ${command.args}` : ''}`;
    const terms = OPTION_SPECS.filter((o) => o.help[command.name]).map(
      (o) => `[--${o.name}${o.value ? ` ${o.value}` : ''}]`,
    );
    lines.push(...wrapTerms(head, terms));
  }
  lines.push('tagsim <command> --help', 'tagsim --version');
  return lines.join('\n');
}

/** `head` then the terms, wrapped at SYNOPSIS_WIDTH under the first term. */
function wrapTerms(head: string, terms: readonly string[]): string[] {
  const indent = ''.padEnd(head.length + 1);
  const lines = [head];
  for (const term of terms) {
    const last = lines.length - 1;
    if (lines[last]!.length + 1 + term.length <= SYNOPSIS_WIDTH) lines[last] += ` ${term}`;
    else lines.push(`${indent}${term}`);
  }
  return lines;
}

function usage(command: CommandSpec): string {
  const options = optionRows(command.name).length > 0 ? ' [options]' : '';
  return `Usage: tagsim ${command.name}${command.args ? ` ${command.args}` : ''}${options}`;
}

function optionRows(command: CommandName): string[] {
  const lines: string[] = [];
  for (const option of OPTION_SPECS) {
    const help = option.help[command];
    if (help) lines.push(...row(`--${option.name}${option.value ? ` ${option.value}` : ''}`, help));
  }
  return lines;
}

function globalRows(): string[] {
  return [...row('-h, --help', ['Show this help']), ...row('-v, --version', ['Show the version'])];
}

/** A term and its description, continuation lines indented under the first. */
function row(term: string, description: readonly string[]): string[] {
  const head = `  ${term}`;
  const [first = '', ...rest] = description;
  const indent = ''.padEnd(COLUMN);
  const lines = head.length < COLUMN ? [`${head.padEnd(COLUMN)}${first}`] : [head, `${indent}${first}`];
  for (const line of rest) lines.push(`${indent}${line}`);
  return lines;
}
