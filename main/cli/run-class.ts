import { parseClassFile } from '../../shared/lab/class-file.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { errorMessage, errorStack } from '../../shared/problems/message-text.js';
import { classViewRoutes } from '../lab/class-view.js';
import { dashboardPageDir, startDashboardServer } from '../lab/dashboard-server.js';
import { labClient } from '../lab/lab-client.js';
import { describeListenError } from '../net/listen-errors.js';
import { readTextFile } from '../storage/read-text-file.js';
import type { ClassCommand } from './class-command.js';
import type { CliIo } from './cli-io.js';
import { printProblems } from './print-problems.js';
import { readToken } from './token-file.js';

/**
 * `tagsim class`: the lab dashboard's page and API over the stations of several lab processes
 * (class-view.ts), until Ctrl+C. It keeps nothing of the labs': a lab that is down is shown as
 * such and comes back by itself, and Kubernetes (or whoever runs the labs) places and restarts
 * them. Exit 1 with the problem named when the class file, a token file or the port is wrong.
 */
export async function runClass(command: ClassCommand, io: CliIo): Promise<number> {
  let labs;
  let token: string | undefined;
  try {
    const file = parseClassFile((await readTextFile(command.labs)).text, command.labs);
    labs = await Promise.all(
      file.labs.map(async (lab) => ({
        ...lab,
        client: labClient(
          lab.url,
          await readToken(lab.tokenFile, `${command.labs}: ${lab.name}'s tokenFile`),
        ),
      })),
    );
    if (command.tokenFile !== undefined) token = await readToken(command.tokenFile, '--token-file');
  } catch (error) {
    if (error instanceof ValidationError) printProblems(io, error);
    else io.err(`tagsim: ${errorMessage(error)}`);
    return 1;
  }
  let view;
  try {
    view = await startDashboardServer({
      host: command.host,
      port: command.port,
      pageDir: dashboardPageDir(io.rendererDir),
      routes: classViewRoutes(labs),
      ...(token !== undefined ? { token } : {}),
      stations: labs.reduce((sum, lab) => sum + lab.stations, 0),
      onError: (error) => io.err(`tagsim: internal error: ${errorStack(error)}`),
    });
  } catch (error) {
    io.err(`tagsim: ${describeListenError(error, command.host, command.port)}`);
    return 1;
  }
  io.out(
    `TagSim ${io.version} class: ${labs.length} labs, ${labs.reduce((s, l) => s + l.stations, 0)} stations  (Ctrl+C to stop)`,
  );
  for (const lab of labs) io.out(`  ${lab.name}: ${lab.url}  (${lab.stations} stations)`);
  io.out(`Class view: ${view.openUrl}`);
  const signal = await io.stopRequested;
  await view.close();
  io.out(`TagSim class stopped (${signal}).`);
  return 0;
}
