import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTagSim, type TagSim } from '../../../main/compose/start-tagsim.js';
import { WsClientError } from '../../../main/ui-host/ws-bridge-host.js';
import { TagEngine, type TagRuntimeState } from '../../../shared/core/tag-engine.js';
import { syntheticScene } from '../../../shared/scenes/builtin-scenes.js';

export const FUZZ_TOKEN = 'fuzz-token';
const SCENE_SIZE = 60;

/**
 * A real `tagsim serve --ui` in this process for the hostile suites: a synthetic scene (no plant
 * writes behind the test's back), the simulation paused, the window served with file access
 * off (random paths must never reach the disk), Modbus TCP beside it, and short timeouts so that a request that
 * never ends is cut off within the test. A shadow engine on the same scene is the model: it
 * takes only what the server should have applied.
 */
export async function startFuzzServer(): Promise<{
  tagsim: TagSim;
  port: number;
  /** The Modbus TCP server's port. */
  modbusPort: number;
  shadow: TagEngine;
  /** Errors the server reported that are TagSim's own faults (a bad client's are not). */
  faults: unknown[];
  /** The engine's observable state, for comparing with the shadow. */
  stateOf(engine: TagEngine): string;
  /** Makes the shadow equal to the real engine again (after a request whose effect is unknown). */
  resync(): void;
}> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-fuzz-ui-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>TagSim</title>');
  writeFileSync(join(rendererDir, 'app.js'), 'void 0;');
  const tagsim = await startTagSim({
    server: { port: 0, timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 1000 } },
    scene: { synthetic: SCENE_SIZE },
    simulation: { startRunning: false },
    ui: { rendererDir, token: FUZZ_TOKEN, fileAccess: 'none' },
    modbus: { port: 0, idleTimeoutMs: 1000 },
  });
  const faults: unknown[] = [];
  tagsim.errors.on((e) => {
    if (!(e instanceof WsClientError)) faults.push(e);
  });
  const shadow = new TagEngine(syntheticScene(SCENE_SIZE));
  const stateOf = (engine: TagEngine) => JSON.stringify(engine.listTagStates());
  const resync = () => {
    const states = new Map<string, TagRuntimeState>();
    for (const t of tagsim.engine.listTagStates()) {
      const failure = t.shortCircuit ? 'alwaysOn' : t.openCircuit ? 'alwaysOff' : 'none';
      states.set(t.id, { raw: t.raw, isForced: t.isForced, forcedValue: t.forcedValue, failure });
    }
    shadow.restoreStates(states);
  };
  return {
    tagsim,
    port: tagsim.server.status.port,
    modbusPort: tagsim.modbus!.status.port,
    shadow,
    faults,
    stateOf,
    resync,
  };
}
