import type { SimulationStatus } from '../../shared/bridge/bridge-spec.js';
import type { ClockMode } from '../../shared/sim/virtual-clock.js';
import type { MenuModelItem } from './menu-model.js';

/** What the tray's "Clock" and "Chaos" submenus do (a part of TrayAction, tray-menu.ts). */
export type ClockTrayAction =
  /** Runs `ms` of simulation time on the virtual clock (Step: one tick). */
  | { kind: 'advanceClock'; ms: number | 'step' }
  | { kind: 'setClock'; mode: ClockMode }
  | { kind: 'clearChaos' };

/** The advances the "Clock" submenu offers, in milliseconds of simulation time. */
export const TRAY_ADVANCES_MS: readonly number[] = [1000, 10_000, 60_000];

type Item<A> = MenuModelItem<A | ClockTrayAction>;

/**
 * The "Clock" submenu: Run and Pause (the simulation's own actions, given by the caller), Step and
 * the advances, which the virtual clock alone takes, and Real or Virtual as radio items. It shows
 * no time, so the menu does not change while the simulation runs and an open menu stays open.
 */
export function clockMenu<A>(
  status: SimulationStatus,
  mode: ClockMode,
  lifecycle: (command: 'run' | 'pause') => A,
): Item<A>[] {
  const virtual = mode === 'virtual';
  return [
    { type: 'normal', label: virtual ? 'Virtual clock' : 'Real clock', enabled: false },
    { type: 'separator' },
    { type: 'normal', label: 'Run', enabled: status.state !== 'running', action: lifecycle('run') },
    { type: 'normal', label: 'Pause', enabled: status.state === 'running', action: lifecycle('pause') },
    { type: 'normal', label: 'Step', enabled: virtual, action: { kind: 'advanceClock', ms: 'step' } },
    ...TRAY_ADVANCES_MS.map((ms): Item<A> => ({
      type: 'normal',
      label: `Advance ${ms / 1000} s`,
      enabled: virtual,
      action: { kind: 'advanceClock', ms },
    })),
    { type: 'separator' },
    ...(['real', 'virtual'] as const).map((choice): Item<A> => ({
      type: 'radio',
      label: choice === 'real' ? 'Real' : 'Virtual',
      checked: choice === mode,
      action: { kind: 'setClock', mode: choice },
    })),
  ];
}

/** The "Chaos" submenu: how many rules are in force, and Clear rules. */
export function chaosMenu(ruleCount: number): Item<never>[] {
  return [
    {
      type: 'normal',
      label:
        ruleCount === 0
          ? 'No chaos rules'
          : `${ruleCount} chaos ${ruleCount === 1 ? 'rule' : 'rules'} in force`,
      enabled: false,
    },
    { type: 'normal', label: 'Clear rules', enabled: ruleCount > 0, action: { kind: 'clearChaos' } },
  ];
}
