import { Type } from '@sinclair/typebox';
import { BUILTIN_SCENE_NAMES } from '../../shared/scenes/builtin-scenes.js';
import { show } from '../../shared/problems/json-words.js';
import {
  captureSnapshot,
  serializeSnapshot,
  snapshotFromJson,
} from '../../shared/scenes/runtime-snapshot.js';
import type { SceneOutcome } from '../../shared/scenes/scene-document.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { says } from '../../shared/schema/shape-hints.js';
import type { Shape } from '../../shared/schema/shape-paths.js';
import { resolveScene } from '../runtime/resolve-scene.js';
import { isLoopbackHost } from '../runtime/ui-file-access.js';
import { jsonAnswer, jsonTextAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlRoute } from '../server/control-surface.js';
import { describeProblems, requireShape } from './control-body.js';
import { controlStatus, type ControlDeps } from './control-deps.js';

export const SCENE_BODY: Shape = {
  schema: Type.Object(
    {
      scene: says(Type.String({ pattern: '\\S', maxLength: 4096 }), {
        invalid: (v) => `must name a built-in scene or a scene file (a non-empty string); got ${show(v)}`,
      }),
    },
    { additionalProperties: false },
  ),
  refs: [],
};

/**
 * The station as a whole: its status, a reset to the scene's start, another scene, and its state
 * as a snapshot (the format of `.tagsim-state.json` files).
 */
export function stationRoutes(deps: ControlDeps, onReset: () => void): ControlRoute[] {
  const status = () => jsonAnswer(controlStatus(deps));
  const keep = deps.keepHiddenFaults ?? (async <T>(action: () => Promise<T> | T) => action());
  return [
    { method: 'GET', path: `${CONTROL_PREFIX}/status`, handle: status },
    {
      method: 'POST',
      path: `${CONTROL_PREFIX}/reset`,
      handle: async () => {
        await keep(() => deps.simulation.restart());
        onReset();
        return status();
      },
    },
    {
      method: 'POST',
      path: `${CONTROL_PREFIX}/scene`,
      body: true,
      handle: async (request) => {
        const { scene } = requireShape<{ scene: string }>(
          SCENE_BODY,
          await request.body(),
          '{"scene": "<built-in name or scene file>"}',
        );
        answerOutcome(await keep(() => openScene(deps, scene)));
        return status();
      },
    },
    {
      method: 'GET',
      path: `${CONTROL_PREFIX}/state`,
      handle: () => {
        const { engine } = deps;
        return jsonTextAnswer(
          serializeSnapshot(captureSnapshot(engine.scene.name, engine.listTagStates(), new Date())),
        );
      },
    },
    {
      method: 'PUT',
      path: `${CONTROL_PREFIX}/state`,
      body: true,
      handle: async (request) => {
        const body = await request.body();
        if (body === undefined)
          throw new ApiError(
            400,
            'Request body is required: a state snapshot (GET /tagsim/v1/state gives one).',
          );
        try {
          const snapshot = snapshotFromJson(body);
          const applied = await keep(() => deps.scenes.applySnapshot(snapshot, 'the request body'));
          return jsonAnswer(applied);
        } catch (error) {
          if (error instanceof ValidationError)
            throw new ApiError(400, describeProblems('The state snapshot', error.problems));
          throw error;
        }
      },
    },
  ];
}

/** Opens a built-in scene by name (any letter case), or a scene file where files are allowed. */
function openScene(deps: ControlDeps, name: string): Promise<SceneOutcome> {
  const builtin = BUILTIN_SCENE_NAMES.find((n) => n.toLowerCase() === name.trim().toLowerCase());
  const options = { discardChanges: true };
  if (builtin !== undefined)
    return deps.scenes.open({ scene: resolveScene({ builtin }), origin: 'builtin' }, options);
  if (deps.fileAccess() !== 'any') {
    const host = deps.host();
    throw new ApiError(
      403,
      `There is no built-in scene named ${show(name)}, and this TagSim's control API cannot open ` +
        `files on the server${isLoopbackHost(host) ? '' : ` (it listens on ${host})`}; ` +
        'name a built-in scene, or start TagSim with --ui-files.',
    );
  }
  return deps.scenes.open({ path: name }, options);
}

function answerOutcome(outcome: SceneOutcome): void {
  if (outcome.ok) return;
  switch (outcome.reason) {
    case 'invalid':
      throw new ApiError(
        400,
        describeProblems(
          'The scene',
          outcome.problems.map((message) => ({ path: '', message })),
        ),
      );
    case 'error':
      throw new ApiError(
        400,
        `${outcome.message}. Built-in scenes: ${BUILTIN_SCENE_NAMES.join(', ')}; a scene file's name ends in .tagsim.json or .factoryio.`,
      );
    default:
      // Unsaved changes are discarded and nothing is saved here: no other refusal can come.
      throw new Error(`Unexpected refusal to open a scene: ${outcome.reason}`);
  }
}
