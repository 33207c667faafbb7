import { TagEngine } from '../../shared/core/tag-engine.js';
import { createApiServer, type ApiServer, type ApiServerOptions } from '../server/create-api-server.js';
import { resolveScene, type SceneChoice } from './resolve-scene.js';

export interface RuntimeOptions extends ApiServerOptions {
  scene?: SceneChoice;
}

/** A running TagSim: the engine and the API server bound to its port. */
export interface Runtime {
  readonly engine: TagEngine;
  readonly server: ApiServer;
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the engine with its scene and binds the API server. Shared by `tagsim serve` and the
 * desktop app, so both serve exactly the same thing. Rejects (and leaves nothing running) when
 * the scene is unknown or the port cannot be bound.
 */
export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const { scene, ...serverOptions } = options;
  const engine = new TagEngine(resolveScene(scene));
  const server = createApiServer(engine, serverOptions);
  const { url } = await server.listen();
  return { engine, server, url, stop: () => server.close() };
}
