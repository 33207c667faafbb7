import { join } from 'node:path';
import { classReportCsv, classReportHtml, type ClassReport } from '../../shared/exercise/class-report.js';
import { fileNameBase } from '../../shared/scenes/file-names.js';
import { writeFileAtomic } from '../storage/write-file-atomic.js';

/** `<exercise name> results`: the start of the class report's file names. */
export function reportFileBase(exerciseName: string): string {
  return `${fileNameBase(exerciseName, 'Exercise')} results`;
}

/**
 * Writes the class report into `folder` (made if missing) as `<exercise name> results.csv` and
 * `.html`, each atomically (a reader, or a crash, sees the old report or the new, never half of
 * one); the next report of the same exercise replaces them. Returns the two paths.
 */
export async function writeClassReport(
  folder: string,
  report: ClassReport,
): Promise<{ csv: string; html: string }> {
  const base = join(folder, reportFileBase(report.exercise.name));
  const paths = { csv: `${base}.csv`, html: `${base}.html` };
  await writeFileAtomic(paths.csv, classReportCsv(report));
  await writeFileAtomic(paths.html, classReportHtml(report));
  return paths;
}
