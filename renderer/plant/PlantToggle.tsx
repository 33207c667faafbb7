import { IS_MAC } from '../ui/dom.js';

/** The scene bar's button that shows and hides the Plant view (Ctrl+Shift+E). */
export function PlantToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      class="plant-toggle"
      aria-pressed={open}
      aria-keyshortcuts={IS_MAC ? 'Meta+Shift+E' : 'Control+Shift+E'}
      title={`The machine drawn live, beside the details (${IS_MAC ? '⇧⌘E' : 'Ctrl+Shift+E'})`}
      onClick={onToggle}
    >
      <span aria-hidden="true">▦ </span>Plant
    </button>
  );
}
