import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  /** A second, quieter line (a recent file's folder) and the item's tooltip. */
  detail?: string;
  /** A shortcut to show, for example "Ctrl+S". */
  shortcut?: string;
}

export interface MenuSection {
  /** Shown above the items, and the group's accessible name. */
  label?: string;
  items: readonly MenuItem[];
  /** Shown (disabled) when there are no items: "No recent files". */
  empty?: string;
}

export interface MenuButtonProps {
  /** Unique in the page: the base of the button's and menu's ids. */
  id: string;
  label: ComponentChildren;
  /** The button's accessible name when its label is not plain text. */
  ariaLabel?: string;
  sections: readonly MenuSection[];
  disabled?: boolean;
}

/**
 * A menu button (the WAI-ARIA pattern): Enter, Space or ↓ opens it on the first item, ↑ on the
 * last; ↑ ↓ Home End move; Enter or a click runs an item; Esc closes it and returns to the button;
 * Tab or a click elsewhere closes it.
 */
export function MenuButton(props: MenuButtonProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? []),
  ];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const menuId = `${props.id}-menu`;
  return (
    <div class="menu-anchor">
      <button
        ref={buttonRef}
        id={props.id}
        type="button"
        class="menu-button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        aria-label={props.ariaLabel}
        disabled={props.disabled}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
          }
        }}
      >
        {props.label}
        <span class="menu-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          class="menu"
          role="menu"
          aria-labelledby={props.id}
          onKeyDown={onMenuKey}
        >
          {props.sections.map((section, s) => (
            <div key={s} role="group" aria-label={section.label} class="menu-section">
              {s > 0 ? <div class="menu-separator" role="separator" /> : null}
              {section.label ? (
                <div class="menu-heading" aria-hidden="true">
                  {section.label}
                </div>
              ) : null}
              {section.items.length === 0 && section.empty ? (
                <button type="button" role="menuitem" class="menu-item" disabled tabIndex={-1}>
                  <span class="menu-label muted">{section.empty}</span>
                </button>
              ) : null}
              {section.items.map((item, i) => (
                <button
                  key={i}
                  type="button"
                  role="menuitem"
                  class="menu-item"
                  tabIndex={-1}
                  disabled={item.disabled}
                  title={item.detail}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  <span class="menu-label">
                    {item.label}
                    {item.detail ? <span class="menu-detail">{item.detail}</span> : null}
                  </span>
                  {item.shortcut ? <kbd class="menu-shortcut">{item.shortcut}</kbd> : null}
                </button>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
