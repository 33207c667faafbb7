import type { BridgeApi, BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import type { ClockMode } from '../../shared/bridge/control-spec.js';
import type { SimulationStatus } from '../../shared/sim/simulation.js';
import type { SimulationHost } from './simulation-host.js';

/** The bridge's side of the simulation: run, pause, reset, time scale, and its status. */
export interface BridgeSimulation {
  readonly api: Pick<BridgeApi, 'runSimulation' | 'pauseSimulation' | 'resetSimulation' | 'setTimeScale'>;
  /** The simulation's status and clock (getState); nothing without a simulation. */
  state(): { simulation?: SimulationStatus; clock?: ClockMode };
  dispose(): void;
}

/**
 * The bridge's simulation methods and status events. Without a simulation, each method is refused
 * and getState says nothing of one.
 */
export function createBridgeSimulation(
  simulation: SimulationHost | undefined,
  emit: (message: BridgeEventMessage) => void,
): BridgeSimulation {
  const sim = (): SimulationHost => {
    if (!simulation) throw new Error('this TagSim runs no simulation');
    return simulation;
  };
  return {
    api: {
      runSimulation: async () => sim().run(),
      pauseSimulation: async () => sim().pause(),
      resetSimulation: async () => sim().reset(),
      setTimeScale: async ({ scale }) => sim().setTimeScale(scale),
    },
    state: () => (simulation ? { simulation: simulation.status, clock: simulation.clock } : {}),
    dispose:
      simulation?.onStatus((status) => emit({ event: 'simulation', payload: status })) ?? (() => undefined),
  };
}
