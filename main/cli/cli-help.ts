import { COMMAND_SPECS, OPTION_SPECS, type CommandName, type CommandSpec } from './cli-spec.js';

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
