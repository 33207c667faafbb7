import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { sceneFromApiTags } from '../../shared/scenes/api-import.js';
import { snapshotFromApiTags } from '../../shared/scenes/snapshot-from-api.js';
import { exportSceneCsv, importSceneCsv } from '../../shared/scenes/scene-csv.js';
import { sceneJsonSchema } from '../../shared/scenes/scene-schema.js';
import { loadScene, type SceneChoice } from '../runtime/resolve-scene.js';
import { readTextFile } from '../storage/read-text-file.js';
import { readSceneFile, writeSceneFile } from '../storage/scene-files.js';
import { writeSnapshotFile } from '../storage/snapshot-files.js';
import { writeFileAtomic } from '../storage/write-file-atomic.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** A command that could not do its work; the message is one line for the user. */
export class CommandError extends Error {}

/** Where a file command reports: results and notes on stdout, one line each. */
export interface CommandIo {
  out: (line: string) => void;
}

/** How long a running simulator has to answer. */
export const FETCH_TIMEOUT_MS = 10_000;

/** `tagsim import --from <url>`: a scene file from the tags of a running simulator. */
export async function importFromServer(
  io: CommandIo,
  options: { url: string; out: string; name?: string; values: boolean; force: boolean },
): Promise<void> {
  refuseToReplace(options.out, options.force);
  const answer = await getJson(`${options.url}/api/tags`);
  const { scene, notes } = sceneFromApiTags(answer, {
    sceneName: options.name ?? `Imported from ${new URL(options.url).host}`,
    values: options.values,
    source: `${options.url}/api/tags`,
  });
  for (const note of notes) io.out(`note: ${note}`);
  await writeSceneFile(options.out, scene, { overwrite: true });
  io.out(`Wrote ${options.out}: "${scene.name}", ${scene.tags.length} tags from ${options.url}`);
}

/** `tagsim import --csv <file>`: a scene file from a driver configuration CSV. */
export async function importFromCsv(
  io: CommandIo,
  options: { csv: string; out: string; name?: string; force: boolean },
): Promise<void> {
  refuseToReplace(options.out, options.force);
  const { text } = await readTextFile(options.csv);
  const { scene, notes } = importSceneCsv(text, {
    sceneName: options.name ?? basename(options.csv, extname(options.csv)),
    source: basename(options.csv),
  });
  for (const note of notes) io.out(`note: ${note}`);
  await writeSceneFile(options.out, scene, { overwrite: true });
  io.out(`Wrote ${options.out}: "${scene.name}", ${scene.tags.length} tags from ${options.csv}`);
}

/**
 * `tagsim import <file>`: a scene file from a file of any format TagSim opens, most usefully a
 * saved scene of the simulator (`.factoryio`): its tags, drivers, plant and layout as `serve
 * --scene` would serve them.
 */
export async function importFromFile(
  io: CommandIo,
  options: { file: string; out: string; name?: string; force: boolean },
): Promise<void> {
  refuseToReplace(options.out, options.force);
  const loaded = await readSceneFile(options.file);
  const scene =
    options.name !== undefined
      ? { ...loaded.scene, name: options.name.trim() || loaded.scene.name }
      : loaded.scene;
  for (const note of loaded.notes) io.out(`note: ${note}`);
  await writeSceneFile(options.out, scene, { overwrite: true });
  io.out(`Wrote ${options.out}: "${scene.name}", ${scene.tags.length} tags from ${options.file}`);
}

/** `tagsim export`: a built-in scene or a scene file, as a scene file or a driver CSV. */
export async function exportScene(
  io: CommandIo,
  options: { scene: SceneChoice; out: string; force: boolean },
): Promise<void> {
  refuseToReplace(options.out, options.force);
  const { scene } = await loadScene(options.scene);
  if (/\.csv$/i.test(options.out)) await writeFileAtomic(options.out, exportSceneCsv(scene));
  else await writeSceneFile(options.out, scene, { overwrite: true });
  io.out(`Wrote ${options.out}: "${scene.name}", ${scene.tags.length} tags`);
}

/** `tagsim snapshot --from <url>`: the state of a running simulator, as the API shows it. */
export async function snapshotFromServer(
  io: CommandIo,
  options: { url: string; out: string; force: boolean },
): Promise<void> {
  refuseToReplace(options.out, options.force);
  const answer = await getJson(`${options.url}/api/tags`);
  const { snapshot, hidden } = snapshotFromApiTags(answer, {
    sceneName: `${new URL(options.url).host}`,
    savedAt: new Date(),
    source: `${options.url}/api/tags`,
  });
  if (hidden > 0) {
    io.out(
      `note: ${hidden === 1 ? '1 tag is' : `${hidden} tags are`} forced or failed: the API does not show the value under a force or failure, so the snapshot gives ${hidden === 1 ? 'it' : 'them'} OFF there`,
    );
  }
  await writeSnapshotFile(options.out, snapshot);
  const forced = snapshot.tags.filter((t) => t.forced).length;
  const failed = snapshot.tags.filter((t) => t.failure !== 'none').length;
  io.out(`Wrote ${options.out}: ${snapshot.tags.length} tags (${forced} forced, ${failed} failed)`);
}

/** `tagsim schema`: the JSON Schema of scene files, printed or written. */
export async function writeSchema(io: CommandIo, options: { out?: string; force: boolean }): Promise<void> {
  const text = `${JSON.stringify(sceneJsonSchema(), null, 2)}\n`;
  if (options.out === undefined) {
    io.out(text.trimEnd());
    return;
  }
  refuseToReplace(options.out, options.force);
  await writeFileAtomic(options.out, text);
  io.out(`Wrote ${options.out}`);
}

function refuseToReplace(path: string, force: boolean): void {
  if (!force && existsSync(path)) throw new CommandError(`${path} already exists; add --force to replace it`);
}

/** GETs JSON from a simulator, with errors in a person's words. */
async function getJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError')
      throw new CommandError(`${url} did not answer within ${FETCH_TIMEOUT_MS / 1000} s`);
    if (cause?.code === 'ECONNREFUSED')
      throw new CommandError(
        `cannot reach ${url}: connection refused (is the simulator running, with its Web API on?)`,
      );
    if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN')
      throw new CommandError(`cannot reach ${url}: the host name does not resolve`);
    throw new CommandError(`cannot reach ${url}: ${cause?.code ?? errorMessage(error)}`);
  }
  const body = await response.text();
  if (response.status !== 200)
    throw new CommandError(
      `${url} answered ${response.status} ${response.statusText}; is this the FACTORY I/O Web API?`,
    );
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new CommandError(`${url} did not answer with JSON; is this the FACTORY I/O Web API?`);
  }
}
