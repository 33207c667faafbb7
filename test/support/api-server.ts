import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApiServer, type ApiServer } from '../../main/server/create-api-server.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { apiClient, type ApiClient } from './http-client.js';

/** A real API server on 127.0.0.1 with an ephemeral port, its engine and a client bound to it. */
export interface TestServer {
  readonly engine: TagEngine;
  readonly server: ApiServer;
  readonly url: string;
  readonly client: ApiClient;
  /** Puts the scene back to its initial state: values, forces and failures. */
  reset(): void;
  /** The one tag with this name and kind (throws when there is not exactly one). */
  tag(name: string, kind?: 'Input' | 'Output'): ApiTag;
  /** Shorthand for `tag(name, kind).id`. */
  idOf(name: string, kind?: 'Input' | 'Output'): string;
  close(): Promise<void>;
}

export function sceneNamed(name: string): SceneDefinition {
  const scene = builtinScene(name);
  if (!scene) throw new Error(`No built-in scene named '${name}'.`);
  return scene;
}

export async function startTestServer(
  options: { sceneName?: string; scene?: SceneDefinition; bodyLimitBytes?: number } = {},
): Promise<TestServer> {
  const sceneName = options.sceneName ?? DEFAULT_SCENE_NAME;
  const freshScene = (): SceneDefinition => options.scene ?? sceneNamed(sceneName);
  const engine = new TagEngine(freshScene());
  const server = createApiServer(engine, {
    host: '127.0.0.1',
    port: 0,
    ...(options.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: options.bodyLimitBytes }),
  });
  const { url } = await server.listen();
  const tag = (name: string, kind?: 'Input' | 'Output'): ApiTag => {
    const found = engine.tagsNamed(name).filter((t) => kind === undefined || t.kind === kind);
    if (found.length !== 1) throw new Error(`Expected one tag '${name}' ${kind ?? ''}, got ${found.length}.`);
    return found[0]!;
  };
  return {
    engine,
    server,
    url,
    client: apiClient(url),
    reset: () => engine.loadScene(freshScene()),
    tag,
    idOf: (name, kind) => tag(name, kind).id,
    close: () => server.close(),
  };
}

/**
 * One test server for the calling test file: started before its tests, put back to its initial
 * scene before each of them, closed after them. The handle is usable inside tests and hooks.
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0] = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(options);
  });
  afterAll(() => current?.close());
  beforeEach(() => current!.reset());
  const live = (): TestServer => {
    if (current === undefined) throw new Error('The test server starts in beforeAll: use it inside tests.');
    return current;
  };
  return {
    get engine() {
      return live().engine;
    },
    get server() {
      return live().server;
    },
    get url() {
      return live().url;
    },
    get client() {
      return live().client;
    },
    reset: () => live().reset(),
    tag: (name, kind) => live().tag(name, kind),
    idOf: (name, kind) => live().idOf(name, kind),
    close: () => live().close(),
  };
}

/** The fields of a tag in the API's answers, in the order it writes them. */
export const API_TAG_FIELDS: readonly string[] = [
  'name',
  'id',
  'address',
  'type',
  'kind',
  'value',
  'openCircuit',
  'shortCircuit',
  'isForced',
  'forcedValue',
];

/** The JSON media type of every JSON response (docs/api.md, "Wire basics"). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
