/**
 * The shape of the command line's tables. It stands apart from cli-spec.ts, which joins the
 * tables, so that the feature files that table their own options (control-options.ts,
 * modbus-options.ts, lab-command.ts) import the shape and cli-spec.ts imports them: one way.
 */

export type CommandName =
  | 'serve'
  | 'lab'
  | 'class'
  | 'scenes'
  | 'modbus-map'
  | 'import'
  | 'export'
  | 'snapshot'
  | 'schema'
  | 'run'
  | 'grade'
  | 'help';

export interface CommandSpec {
  readonly name: CommandName;
  /** What follows the command name in its usage line, e.g. `<scenario.json>`. */
  readonly args?: string;
  /** One or more lines: what the command does. */
  readonly summary: readonly string[];
}

export interface OptionSpec {
  readonly name: string;
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** The placeholder of its value in help, e.g. `<n>`. */
  readonly value?: string;
  /** May be given more than once; the commands that take one value take the last. */
  readonly multiple?: boolean;
  /**
   * The value may be left out (`--modbus` alone means its default): this is what the parser
   * writes for it then, and the command reading it turns it into its own default. A value given
   * has to be a whole number, so that a word after the option is never taken for its value.
   */
  readonly optionalValue?: string;
  /** The commands that take it; each with its help lines (the same option can mean more in one). */
  readonly help: Readonly<Partial<Record<CommandName, readonly string[]>>>;
}
