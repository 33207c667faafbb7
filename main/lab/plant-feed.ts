import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  PLANT_FEED_PATH,
  PLANT_FEED_TYPE,
  type PlantFeedMessage,
} from '../../shared/plant/plant-feed-messages.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { ApiError } from '../server/api-error.js';
import type { SendBudget } from '../ui-host/send-budget.js';
import type { DashboardRoute } from './dashboard-route.js';
import type { LabStation } from './lab-types.js';

/**
 * The dashboard's plant feed (docs/lab.md, "Its JSON API"): a station's Plant view pushed as the
 * student's window gets it, from the same stream (the station's PlantStream: one snapshot a
 * frame for both), one JSON message a line: `scene` (its name and drawing) first and on every
 * new scene, `simulation` (its status) first and on each change, then `plant` frames, the first
 * whole, then only what changed, at most about 30 a second and none while nothing moves. The
 * answer lasts until the page leaves; a page that stops reading is cut off as a window's socket
 * is (send-budget.ts), and one that comes back starts whole again.
 */
export function plantFeedRoute(
  stationOf: (param: string | undefined) => LabStation,
  budget: SendBudget,
): DashboardRoute {
  return {
    method: 'GET',
    path: PLANT_FEED_PATH,
    handle: (req, params, res) => {
      openPlantFeed(stationOf(params['station']), req, res, budget);
      return undefined;
    },
  };
}

function openPlantFeed(
  station: LabStation,
  req: IncomingMessage,
  res: ServerResponse,
  budget: SendBudget,
): void {
  const { engine, simulation, scenes } = station.tagsim;
  const stream = station.tagsim.plant();
  if (!stream) throw new ApiError(404, `Station ${station.number} runs no simulation: it has no plant.`);
  req.resume();
  res.writeHead(200, { 'Content-Type': PLANT_FEED_TYPE, 'Cache-Control': 'no-store' });
  // What the socket holds unread, for the budget: the response's own queue and the socket's.
  const unread = {
    get bufferedAmount() {
      return res.writableLength + (res.socket?.writableLength ?? 0);
    },
  };
  const sends = budget.join(unread, () => res.destroy());
  const send = (message: PlantFeedMessage) => {
    const line = Buffer.from(`${JSON.stringify(message)}\n`);
    if (res.destroyed || !sends.admit(line.length)) return;
    res.write(line);
    sends.sent();
  };
  let drawn: SceneDefinition | undefined;
  const sceneIfNew = () => {
    if (engine.scene === drawn) return;
    drawn = engine.scene;
    send({ event: 'scene', payload: { scene: drawn.name, layout: layoutScene(drawn) } });
  };
  sceneIfNew();
  send({ event: 'simulation', payload: simulation.status });
  const stops = [
    scenes.changes.on(sceneIfNew),
    simulation.onStatus((status) => {
      sceneIfNew();
      send({ event: 'simulation', payload: status });
    }),
  ];
  const watch = stream.watch((message) => {
    // A new scene's drawing comes before its plant's first frame.
    sceneIfNew();
    send(message);
  });
  res.on('close', () => {
    watch.stop();
    for (const stop of stops) stop();
    sends.close();
  });
}
