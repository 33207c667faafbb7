import { useEffect, useRef } from 'preact/hooks';
import type { PlacedTag } from '../../shared/plant/plant-types.js';
import type { ViewTag } from '../state/tag-store.js';
import type { PlantActions } from './plant-actions.js';

export interface TagMenuProps {
  tag: PlacedTag;
  now: ViewTag | undefined;
  at: { x: number; y: number };
  actions: PlantActions;
  onClose(): void;
}

/**
 * The menu of a drawn tag (right-click, Shift+F10 or the Menu key): pulse, force on or off, Always
 * On / Always Off, release the force, clear the failure: the table's actions. ↑ ↓ move, Enter
 * runs, Esc or a click elsewhere closes and gives focus back.
 */
export function TagMenu({ tag, now, at, actions, onClose }: TagMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const away = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [tag.id]);
  const bit = tag.type === 'Bit';
  const failure = now?.shortCircuit ? 'alwaysOn' : now?.openCircuit ? 'alwaysOff' : 'none';
  const items: { label: string; run(): void; disabled?: boolean }[] = [
    ...(bit && tag.kind === 'Input'
      ? [
          {
            label: `Pulse (${now?.value === true ? 'off' : 'on'} for a moment)`,
            run: () => actions.pulse(tag, now),
          },
        ]
      : []),
    ...(bit
      ? [
          { label: 'Force ON', run: () => actions.force(tag, true) },
          { label: 'Force OFF', run: () => actions.force(tag, false) },
        ]
      : []),
    { label: 'Release force', run: () => actions.release(tag), disabled: !now?.isForced },
    { label: 'Always On', run: () => actions.setFailure(tag, 'alwaysOn'), disabled: failure === 'alwaysOn' },
    {
      label: 'Always Off',
      run: () => actions.setFailure(tag, 'alwaysOff'),
      disabled: failure === 'alwaysOff',
    },
    { label: 'Clear failure', run: () => actions.setFailure(tag, 'none'), disabled: failure === 'none' },
  ];
  const onKey = (event: KeyboardEvent) => {
    const list = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') list[(i + 1) % list.length]?.focus();
    else if (event.key === 'ArrowUp') list[(i - 1 + list.length) % list.length]?.focus();
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div
      ref={ref}
      class="menu plant-menu"
      role="menu"
      aria-label={`${tag.name}: faults and forces`}
      style={{
        left: `${Math.min(at.x, window.innerWidth - 220)}px`,
        top: `${Math.min(at.y, window.innerHeight - 260)}px`,
      }}
      onKeyDown={onKey}
    >
      <div class="menu-heading" aria-hidden="true">
        {tag.name}
      </div>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          class="menu-item"
          tabIndex={-1}
          disabled={item.disabled}
          onClick={() => {
            onClose();
            item.run();
          }}
        >
          <span class="menu-label">{item.label}</span>
        </button>
      ))}
    </div>
  );
}
