// What a command line is refused with: the UsageError's one line, or undefined when it parses.
import { UsageError } from '../../main/cli/option-values.js';
import { parseCli } from '../../main/cli/parse-cli.js';

export function usageOf(argv: readonly string[]): string | undefined {
  try {
    parseCli(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return undefined;
}
