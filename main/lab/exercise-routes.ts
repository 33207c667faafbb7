import { isRecord } from '../../shared/problems/json-words.js';
import { classReportCsv, classReportHtml } from '../../shared/exercise/class-report.js';
import { parseExerciseAction } from '../../shared/exercise/exercise-actions.js';
import { jsonAnswer, type ApiAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { hasBody, type JsonBodyReader } from '../server/json-body.js';
import { reportFileBase } from '../exercise/report-files.js';
import type { DashboardRoute } from './dashboard-route.js';
import type { LabExercise } from './lab-exercise.js';

/** The class report's page may show nothing but itself: no script, no request out. */
const REPORT_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The dashboard's routes for the lab's exercise (docs/lab.md, "Exercises and grading"): what it
 * is, the instructor's start, stop and restart, and the class report. Every one answers 404 in a
 * lab started without an exercise. The stations' grades come with `GET /api/stations`.
 */
export function exerciseRoutes(
  exercise: () => LabExercise | undefined,
  readJson: JsonBodyReader,
): DashboardRoute[] {
  const graded = () => {
    const found = exercise();
    if (!found)
      throw new ApiError(404, 'This lab runs no exercise: start it with tagsim lab --exercise <file>.');
    return found;
  };
  const report = (format: 'csv' | 'html'): ApiAnswer => {
    const lab = graded();
    const classReport = lab.report();
    return {
      status: 200,
      body: format === 'csv' ? classReportCsv(classReport) : classReportHtml(classReport),
      headers: {
        'Content-Type': `${format === 'csv' ? 'text/csv' : 'text/html'}; charset=utf-8`,
        'Content-Disposition': `attachment; filename="${asciiFileName(reportFileBase(lab.setup.exercise.name))}.${format}"`,
        ...(format === 'html' ? { 'Content-Security-Policy': REPORT_POLICY } : {}),
      },
    };
  };
  return [
    { method: 'GET', path: '/api/exercise', handle: () => jsonAnswer(graded().overview()) },
    {
      method: 'POST',
      path: '/api/exercise/actions',
      handle: async (req) => {
        const lab = graded();
        if (!hasBody(req))
          throw new ApiError(
            400,
            'Request body is required: a JSON action such as {"action": "start", "stations": "all"}.',
          );
        const { value } = await readJson(req);
        const parsed = parseExerciseAction(value, lab.stations.length);
        if ('problems' in parsed)
          throw new ApiError(400, `The action has problems: ${parsed.problems.slice(0, 10).join('; ')}`);
        return jsonAnswer({ results: lab.act(parsed.action) });
      },
    },
    { method: 'GET', path: '/api/exercise/report.csv', handle: () => report('csv') },
    { method: 'GET', path: '/api/exercise/report.html', handle: () => report('html') },
    {
      method: 'POST',
      path: '/api/exercise/report',
      handle: async (req) => {
        const lab = graded();
        if (hasBody(req)) {
          const { value } = await readJson(req);
          const empty = value === undefined || (isRecord(value) && Object.keys(value).length === 0);
          if (!empty)
            throw new ApiError(400, 'POST /api/exercise/report takes no request body; send none (or {}).');
        }
        try {
          return jsonAnswer({ files: await lab.save() });
        } catch {
          throw new ApiError(500, lab.overview().report.error ?? 'The class report could not be written.');
        }
      },
    },
  ];
}

/** A file name as a Content-Disposition header may carry it without quoting rules: plain ASCII. */
function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}
