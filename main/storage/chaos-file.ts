import { basename } from 'node:path';
import { chaosRulesProblems, type ChaosRule } from '../../shared/api/chaos-rules.js';
import { parseJsonText } from '../../shared/problems/json-text.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { readTextFile } from './read-text-file.js';

/**
 * The rules of a `--chaos` file: `{"rules": [...]}`, as `PUT /tagsim/v1/chaos` takes them. Throws
 * a ValidationError with every problem (`rules[0].probability: 2 is above 1`), or the file
 * reader's one-line Error.
 */
export async function readChaosFile(path: string): Promise<ChaosRule[]> {
  const { text } = await readTextFile(path);
  return chaosRulesFromText(text, basename(path));
}

/**
 * The rules of a chaos rules file's text (`fileName` names it in problems): the check `--chaos`
 * makes, for the window's Load rules too. Throws a ValidationError with every problem.
 */
export function chaosRulesFromText(text: string, fileName: string): ChaosRule[] {
  const fail = (problems: { path: string; message: string }[]) =>
    new ValidationError(problems, fileName, 'chaos rules file');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw fail([{ path: '(file)', message: parsed.message }]);
  const problems = chaosRulesProblems(parsed.value);
  if (problems.length > 0)
    throw fail(problems.map((p) => ({ path: p.path || '(file)', message: p.message })));
  return (parsed.value as { rules: ChaosRule[] }).rules;
}
