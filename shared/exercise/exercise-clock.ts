import { ForwardTime } from '../scenario/scenario-clock.js';
import type { PlantSource } from './exercise-access.js';

/**
 * Exercise time: the station's plant time since the exercise started, counting on across a
 * restart of the plant (a reset, another plant) and standing still while the simulation is
 * paused. It counts as a reading at every tick would (ForwardTime), though it is read only when
 * the grader looks: when the plant started over since the last reading, the old plant's own
 * time (it keeps it) says where its last tick left it.
 */
export class ExerciseClock {
  private plant: PlantSource['plantNow'];
  private readonly time: ForwardTime;
  /** The time ForwardTime reads instead of the plant's, for one reading. */
  private lastOfOld: number | undefined;

  constructor(private readonly source: PlantSource) {
    this.plant = source.plantNow;
    this.time = new ForwardTime(() => this.lastOfOld ?? this.source.plantNow.timeMs);
    this.time.now();
  }

  /** Exercise time now (ms). */
  now(): number {
    const plant = this.source.plantNow;
    if (plant !== this.plant) {
      this.lastOfOld = this.plant.timeMs;
      this.time.now();
      this.lastOfOld = undefined;
      this.plant = plant;
    }
    return this.time.now();
  }

  /**
   * The time of the plant running now at which exercise time reaches `ms`, if the plant does not
   * start over first (a grader that is told of each restart arms its alarm again then).
   */
  plantTimeAt(ms: number): number {
    return this.source.plantNow.timeMs + (ms - this.now());
  }
}
