import { basename } from 'node:path';
import { chaosRulesProblems, type ChaosRule } from '../../shared/api/chaos-rules.js';
import { parseJsonText } from '../../shared/scenes/json-text.js';
import { SceneValidationError } from '../../shared/scenes/scene-problems.js';
import { readTextFile } from '../storage/read-text-file.js';

/**
 * The rules of a `--chaos` file: `{"rules": [...]}`, as `PUT /tagsim/v1/chaos` takes them. Throws
 * a SceneValidationError with every problem (`rules[0].probability: 2 is above 1`), or the file
 * reader's one-line Error.
 */
export async function readChaosFile(path: string): Promise<ChaosRule[]> {
  const { text } = await readTextFile(path);
  const fail = (problems: { path: string; message: string }[]) =>
    new SceneValidationError(problems, basename(path), 'chaos rules file');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw fail([{ path: '(file)', message: parsed.message }]);
  const problems = chaosRulesProblems(parsed.value);
  if (problems.length > 0)
    throw fail(problems.map((p) => ({ path: p.path || '(file)', message: p.message })));
  return (parsed.value as { rules: ChaosRule[] }).rules;
}
