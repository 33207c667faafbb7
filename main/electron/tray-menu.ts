import type { ServerStatus, SimulationStatus } from '../../shared/bridge/bridge-spec.js';
import { tagDistinctions } from '../../shared/core/tag-distinctions.js';
export { countFaults } from '../../shared/core/fault-count.js';
import { PRESETS_LOCKED_REASON } from '../../shared/lab/restrictions.js';
import type { ApiTag, TagFailure, TagState, TagValue } from '../../shared/core/tag-types.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import { TIME_SCALES } from '../../shared/sim/sim-lifecycle.js';
import type { TrayIconState } from './app-paths.js';
import { escapeLabel, type MenuModelItem } from './menu-model.js';
import { type SceneCommand, trayScenesMenu } from './scene-menu.js';
import { chaosMenu, clockMenu, type ClockTrayAction } from './tray-clock-menu.js';
import type { ClockMode } from '../../shared/sim/virtual-clock.js';
import { httpUrl } from '../../shared/core/url-host.js';
import { driverItems, driverTooltipLines, type DriverTrayAction, type TrayDrivers } from './tray-drivers.js';

export { escapeLabel };

/**
 * The tray as data: a pure function of the state builds the icon, the tooltip and the menu, with
 * each clickable item carrying the action it stands for. tray.ts turns this into Electron's menu;
 * the tests read it directly.
 */

/** What a tray menu item does when clicked. */
export type TrayAction =
  | { kind: 'openWindow' }
  | { kind: 'setFailure'; id: string; failure: TagFailure }
  | { kind: 'force'; id: string; value: TagValue }
  /** Force a tag to the value it has when clicked (its raw value), so it holds still. */
  | { kind: 'hold'; id: string }
  | { kind: 'release'; id: string }
  | { kind: 'releaseAll' }
  | { kind: 'clearFailures' }
  | { kind: 'startServer' }
  | { kind: 'stopServer' }
  /** Open, save, ... a scene (the "Scenes" submenu), with dialogs where needed. */
  | { kind: 'scene'; command: SceneCommand }
  /** The "Simulation" submenu: Run, Pause, Reset, and a time scale. */
  | { kind: 'simulation'; command: 'run' | 'pause' | 'reset' }
  | { kind: 'setTimeScale'; scale: number }
  /** The setting "Run when TagSim starts", set to the value given (it takes effect at the next start). */
  | { kind: 'setStartRunning'; startRunning: boolean }
  /** The "Clock" and "Chaos" submenus (tray-clock-menu.ts). */
  | ClockTrayAction
  /** Connect or disconnect a driver that connects out (tray-drivers.ts). */
  | DriverTrayAction
  | { kind: 'quit' };

/** A tray menu item (see menu-model.ts). */
export type TrayMenuItem = MenuModelItem<TrayAction>;

/** Everything the tray shows; the drivers' part (the Modbus server, the Modbus client) as TrayDrivers. */
export interface TrayState extends TrayDrivers {
  server: ServerStatus;
  /** The pinned tags that exist in the scene being served, in pin order. */
  pinned: readonly TagState[];
  /** Tags that are forced. */
  forced: number;
  /** Tags with a failure (Always Off or Always On). */
  failed: number;
  /** The built-in scenes, the recent files and the scene served (the "Scenes" submenu). */
  scenes: ScenesState;
  /** The simulation (the "Simulation" submenu); absent where none runs. */
  simulation?: SimulationStatus;
  /** The setting "Run when TagSim starts" (a checkbox of that submenu); absent where there is none. */
  startRunning?: boolean;
  /** A lab's presets locked "Run when TagSim starts": shown, not offered. */
  startRunningLocked?: boolean;
  /** A lab's presets turned the fault controls off: no quick faults, no release or clear items. */
  hideFaultControls?: boolean;
  /** The clock (the "Clock" submenu, with the simulation); absent where none runs. */
  clock?: ClockMode;
  /** How many chaos rules are in force (the "Chaos" submenu); absent without the control API. */
  chaosRules?: number;
}

export interface TrayModel {
  icon: TrayIconState;
  tooltip: string;
  menu: TrayMenuItem[];
}

/** Windows cuts tray tooltips at 127 characters. */
export const MAX_TOOLTIP_LENGTH = 127;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The first line of the menu: where the API is, or why it is not. */
export function serverStatusLine(server: ServerStatus): string {
  switch (server.state) {
    case 'listening':
      return `Listening on ${server.url ?? httpUrl(server.host, server.port)}`;
    case 'starting':
      return `Starting on port ${server.port}…`;
    case 'stopped':
      return 'Server stopped';
    case 'failed':
      return capitalize(server.error ?? `server failed on port ${server.port}`);
  }
}

/** The failure a tag shows, by the effective-value rule (Always On wins over Always Off). */
export function failureOf(tag: ApiTag): TagFailure {
  return tag.shortCircuit ? 'alwaysOn' : tag.openCircuit ? 'alwaysOff' : 'none';
}

const FAILURE_LABELS: Record<TagFailure, string> = {
  none: 'None',
  alwaysOff: 'Always Off',
  alwaysOn: 'Always On',
};

const onOff = (value: TagValue) => (value === true ? 'ON' : value === false ? 'OFF' : String(value));

/**
 * The Force checkbox of a quick fault. Checking it forces a Bit ON, and an Int or Float to the
 * value it has at the click (its raw value: it holds still, whatever drives it); unchecking
 * releases. The label says which, and once forced, the value it is forced to. (The value is
 * read at the click, not put in the menu, so changing values never rebuild the menu.)
 */
export function forceItem(tag: TagState): TrayMenuItem {
  if (tag.isForced) {
    const label = tag.type === 'Bit' ? `Forced ${onOff(tag.forcedValue)}` : `Forced at ${tag.forcedValue}`;
    return { type: 'checkbox', label, checked: true, action: { kind: 'release', id: tag.id } };
  }
  return tag.type === 'Bit'
    ? {
        type: 'checkbox',
        label: 'Force ON',
        checked: false,
        action: { kind: 'force', id: tag.id, value: true },
      }
    : {
        type: 'checkbox',
        label: 'Force at current value',
        checked: false,
        action: { kind: 'hold', id: tag.id },
      };
}

function quickFaultLabel(tag: TagState, distinction: string | undefined): string {
  const marks = [
    ...(tag.isForced ? ['forced'] : []),
    ...(failureOf(tag) !== 'none' ? [FAILURE_LABELS[failureOf(tag)]] : []),
  ];
  const name = distinction === undefined ? tag.name : `${tag.name} (${distinction})`;
  return escapeLabel(marks.length > 0 ? `${name}: ${marks.join(', ')}` : name);
}

/** The "Quick faults" submenu: per pinned tag, its failure as radio items and a Force checkbox. */
export function quickFaultsMenu(pinned: readonly TagState[]): TrayMenuItem[] {
  if (pinned.length === 0) {
    return [{ type: 'normal', label: 'No pinned tags: pin tags in the window', enabled: false }];
  }
  const distinction = tagDistinctions(pinned);
  return pinned.map((tag) => {
    const current = failureOf(tag);
    const radios = (['none', 'alwaysOff', 'alwaysOn'] as const).map((failure): TrayMenuItem => ({
      type: 'radio',
      label: FAILURE_LABELS[failure],
      checked: failure === current,
      action: { kind: 'setFailure', id: tag.id, failure },
    }));
    return {
      type: 'submenu',
      label: quickFaultLabel(tag, distinction(tag)),
      submenu: [...radios, { type: 'separator' }, forceItem(tag)],
    };
  });
}

/** The time scales the "Time scale" submenu offers: the simulator's steps, as in the window. */
export const TRAY_TIME_SCALES: readonly number[] = TIME_SCALES;

/** What the simulation is doing, in a few words: "Running at 2x". */
export function simulationStatusLine(status: SimulationStatus): string {
  const what = { running: 'Running', paused: 'Paused', stopped: 'Not started' }[status.state];
  return `${what} at ${status.timeScale}x`;
}

/** The label of the checkbox that says whether the simulation runs as soon as TagSim starts. */
export const START_RUNNING_LABEL = 'Run when TagSim starts';

/**
 * The "Simulation" submenu: its state, Run, Pause, Reset, the time scale as radio items and, when
 * given, the "Run when TagSim starts" setting as a checkbox. Only the state and the scale show
 * (not the simulation time), so the menu does not change while the simulation runs and an open
 * menu stays open.
 */
export function simulationMenu(
  status: SimulationStatus,
  startRunning?: boolean,
  startRunningLocked = false,
): TrayMenuItem[] {
  const command = (c: 'run' | 'pause' | 'reset'): TrayAction => ({ kind: 'simulation', command: c });
  return [
    { type: 'normal', label: simulationStatusLine(status), enabled: false },
    { type: 'separator' },
    { type: 'normal', label: 'Run', enabled: status.state !== 'running', action: command('run') },
    { type: 'normal', label: 'Pause', enabled: status.state === 'running', action: command('pause') },
    { type: 'normal', label: 'Reset', enabled: true, action: command('reset') },
    { type: 'separator' },
    {
      type: 'submenu',
      label: 'Time scale',
      submenu: TRAY_TIME_SCALES.map((scale) => ({
        type: 'radio',
        label: `${scale}x`,
        checked: scale === status.timeScale,
        action: { kind: 'setTimeScale', scale },
      })),
    },
    ...(startRunning === undefined
      ? []
      : ([
          { type: 'separator' },
          startRunningLocked
            ? ({
                type: 'normal',
                label: `${START_RUNNING_LABEL}: ${startRunning ? 'yes' : 'no'} (${PRESETS_LOCKED_REASON.toLowerCase()})`,
                enabled: false,
                toolTip: PRESETS_LOCKED_REASON,
              } satisfies TrayMenuItem)
            : ({
                type: 'checkbox',
                label: START_RUNNING_LABEL,
                checked: startRunning,
                action: { kind: 'setStartRunning', startRunning: !startRunning },
              } satisfies TrayMenuItem),
        ] as const)),
  ];
}

function iconOf(state: TrayState): TrayIconState {
  if (state.server.state !== 'listening') return 'stopped';
  return state.forced + state.failed > 0 ? 'faults' : 'normal';
}

function tooltipOf(state: TrayState): string {
  const faults = state.forced + state.failed;
  const parts = [`TagSim: ${serverStatusLine(state.server)}`, ...driverTooltipLines(state)];
  if (state.simulation && state.simulation.state !== 'running') {
    parts.push(`Simulation ${simulationStatusLine(state.simulation).toLowerCase()}`);
  }
  if (faults > 0) {
    parts.push(
      `${faults} ${faults === 1 ? 'fault' : 'faults'} active (${state.forced} forced, ${state.failed} failed)`,
    );
  }
  const tooltip = parts.join('\n');
  return tooltip.length <= MAX_TOOLTIP_LENGTH ? tooltip : `${tooltip.slice(0, MAX_TOOLTIP_LENGTH - 1)}…`;
}

/** Quick faults, Release all forces and Clear all failures (none where the presets hide them). */
function faultItems(state: TrayState): TrayMenuItem[] {
  return [
    { type: 'submenu', label: 'Quick faults', submenu: quickFaultsMenu(state.pinned) },
    {
      type: 'normal',
      label: 'Release all forces',
      enabled: state.forced > 0,
      action: { kind: 'releaseAll' },
    },
    {
      type: 'normal',
      label: 'Clear all failures',
      enabled: state.failed > 0,
      action: { kind: 'clearFailures' },
    },
  ];
}

/** The whole tray for a state. Pure: same state, same model. */
export function buildTrayModel(state: TrayState): TrayModel {
  const running = state.server.state === 'listening' || state.server.state === 'starting';
  return {
    icon: iconOf(state),
    tooltip: tooltipOf(state),
    menu: [
      { type: 'normal', label: escapeLabel(serverStatusLine(state.server)), enabled: false },
      ...driverItems(state),
      { type: 'separator' },
      { type: 'normal', label: 'Open window', enabled: true, action: { kind: 'openWindow' } },
      {
        type: 'submenu',
        label: 'Scenes',
        submenu: trayScenesMenu(state.scenes, (command): TrayAction => ({ kind: 'scene', command })),
      },
      ...(state.simulation
        ? [
            {
              type: 'submenu',
              label: 'Simulation',
              submenu: simulationMenu(state.simulation, state.startRunning, state.startRunningLocked),
            } as const,
          ]
        : []),
      ...(state.simulation && state.clock
        ? [
            {
              type: 'submenu',
              label: 'Clock',
              submenu: clockMenu(state.simulation, state.clock, (command): TrayAction => ({
                kind: 'simulation',
                command,
              })),
            } as const,
          ]
        : []),
      ...(state.chaosRules !== undefined && !state.hideFaultControls
        ? [{ type: 'submenu', label: 'Chaos', submenu: chaosMenu(state.chaosRules) } as const]
        : []),
      ...(state.hideFaultControls ? [] : faultItems(state)),
      { type: 'separator' },
      running
        ? {
            type: 'normal',
            label: 'Stop server',
            enabled: state.server.controllable,
            action: { kind: 'stopServer' },
          }
        : {
            type: 'normal',
            label: 'Start server',
            enabled: state.server.controllable,
            action: { kind: 'startServer' },
          },
      { type: 'separator' },
      { type: 'normal', label: 'Quit TagSim', enabled: true, action: { kind: 'quit' } },
    ],
  };
}
