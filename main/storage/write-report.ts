import { errorMessage } from '../../shared/problems/message-text.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** Writes a report (a JUnit XML file) atomically; says why on `err` and returns false when it cannot. */
export async function writeReportFile(
  path: string,
  text: string,
  err: (line: string) => void,
): Promise<boolean> {
  try {
    await writeFileAtomic(path, text);
    return true;
  } catch (error) {
    err(`tagsim: cannot write the report ${path}: ${errorMessage(error)}`);
    return false;
  }
}
