import type { TagState } from '../core/tag-types.js';
import type { ClientDriverStatus } from '../drivers/driver-status.js';
import type { SimulationStatus } from '../sim/simulation.js';
import type { ActiveFault } from './lab-fault.js';
import type { ScheduleTaskStatus } from './schedule-runner.js';

/**
 * What the dashboard's JSON API answers (docs/lab.md): the types the server builds and the page
 * reads, in one place.
 */

/** What a station's clients have been doing. */
export interface StationActivity {
  /** Distinct client addresses in the last 10 s. */
  readonly clients: number;
  readonly requestsPerSecond: number;
  /** When the last API request was answered (ms since the epoch), if ever. */
  readonly lastRequestAt: number | undefined;
  /** Writes the student's client was refused: per-item errors, and writes refused whole. */
  readonly refusedWrites: number;
  /** The last of them, in the words of the answer. */
  readonly lastRefusal: string | undefined;
  /** The station's Modbus TCP server, when the lab serves Modbus. */
  readonly modbus?: StationModbus;
  /** The drivers that connect to the station's own controller (its Modbus client), when it has any. */
  readonly controllers?: readonly ClientDriverStatus[];
}

/** A station's Modbus TCP server: where it listens and who is connected. */
export interface StationModbus {
  readonly state: 'starting' | 'listening' | 'stopped' | 'failed';
  readonly port: number;
  /** Modbus clients connected now (a PLC keeps one connection open). */
  readonly clients: number;
  /** Why it is not serving, when it failed. */
  readonly error?: string;
}

/** One station at a glance. */
export interface StationOverview {
  readonly number: number;
  readonly label: string | undefined;
  /** The station's tag API. */
  readonly url: string | undefined;
  /** The student's window, token included, when stations serve one. */
  readonly windowUrl: string | undefined;
  readonly scene: string;
  readonly tagCount: number;
  readonly simulation: SimulationStatus;
  readonly activity: StationActivity;
  readonly faults: readonly ActiveFault[];
}

/** `GET /api/stations`: every station, and the server's clock to measure "ago" against. */
export interface LabOverview {
  readonly now: number;
  readonly stations: readonly StationOverview[];
  /** The schedule's faults on each station, when a schedule runs. */
  readonly schedule?: readonly ScheduleTaskStatus[];
  /** From `tagsim class` (docs/deploy.md): each lab process, its stations' numbers, and whether it answered. */
  readonly labs?: readonly ClassLabStatus[];
}

/** How one lab process of a class answered the class view's last listing. */
export interface ClassLabStatus {
  readonly name: string;
  readonly url: string;
  /** The class's number of its station 1. */
  readonly first: number;
  readonly stations: number;
  readonly ok: boolean;
  readonly error?: string;
}

/** A tag as the instructor sees it: everything, and whether the student's window hides it. */
export type InstructorTag = TagState & { readonly hidden: boolean };

/** What one station made of an action. */
export interface StationOutcome {
  readonly station: number;
  readonly ok: boolean;
  readonly error?: string;
}
