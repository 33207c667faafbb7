import type { PlantSnapshot } from '../../shared/plant/plant-types.js';
import { plantSnapshots } from '../../shared/plant/snapshot.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { jsonAnswer } from '../server/api-answer.js';
import type { DashboardRoute } from './dashboard-route.js';
import type { LabStation } from './lab-types.js';

/**
 * The dashboard's routes for a station's Plant view (issue 23; docs/lab.md): the drawing of its
 * scene's plant (`layout`, its scene name beside it, asked once per scene), and its plant's state
 * now (`state`: items and belts, and the simulation's status), read each time the open view
 * polls it: a station whose view nobody has open costs nothing. The tags, hidden faults marked,
 * come from the station's `tags` route, as for the table. Each station keeps its own snapshot
 * source, so a crane's place is followed from one poll to the next.
 */
export function plantRoutes(stationOf: (param: string | undefined) => LabStation): DashboardRoute[] {
  const sources = new WeakMap<LabStation, () => PlantSnapshot>();
  const snapshotOf = (station: LabStation) => {
    let source = sources.get(station);
    if (!source) {
      source = plantSnapshots(() => station.tagsim.simulation.simulation, station.tagsim.engine, layoutScene);
      sources.set(station, source);
    }
    return source();
  };
  return [
    {
      method: 'GET',
      path: '/api/stations/:station/plant/layout',
      handle: (_req, params) => {
        const { scene } = stationOf(params['station']).tagsim.engine;
        return jsonAnswer({ scene: scene.name, layout: layoutScene(scene) });
      },
    },
    {
      method: 'GET',
      path: '/api/stations/:station/plant/state',
      handle: (_req, params) => {
        const station = stationOf(params['station']);
        const { simulation, engine } = station.tagsim;
        return jsonAnswer({
          scene: engine.scene.name,
          simulation: simulation.status,
          snapshot: snapshotOf(station),
        });
      },
    },
  ];
}
