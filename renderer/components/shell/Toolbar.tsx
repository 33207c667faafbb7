import type { RefObject } from 'preact';
import { TAG_KINDS, TAG_TYPES, type TagKind, type TagType } from '../../../shared/core/tag-types.js';
import { filterRule, type SortKey, type ViewOptions } from '../../state/tag-view.js';

export interface ToolbarProps {
  options: ViewOptions;
  filterRef: RefObject<HTMLInputElement>;
  shown: number;
  total: number;
  forcedCount: number;
  failedCount: number;
  disabled: boolean;
  onChange(change: Partial<ViewOptions>): void;
  onFilterKeyDown(event: KeyboardEvent): void;
  onReleaseAll(): void;
  onClearFailures(): void;
  /** A lab's presets turned the fault controls off: no Release forces, no Clear failures. */
  hideFaultControls?: boolean;
}

function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

/** Filter box, kind/type/pinned/faulted toggles, sort, and the bulk fault actions. */
export function Toolbar(props: ToolbarProps) {
  const { options, onChange } = props;
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    // A region of the page (a landmark), not an ARIA toolbar: each control is a Tab stop of its own.
    <section class="toolbar" aria-label="Tag filters and bulk actions">
      <div class="filter">
        <label class="visually-hidden" for="tag-filter">
          Filter tags by name
        </label>
        <span class="filter-icon" aria-hidden="true">
          ⌕
        </span>
        <input
          id="tag-filter"
          ref={props.filterRef}
          type="search"
          class="filter-input"
          placeholder="Filter: a word, or conveyor*, ?oad"
          title="A word finds the names that contain it. With * or ? it is the API's name filter: whole name, case-insensitive; * matches any run of characters, ? exactly one."
          aria-describedby="tag-filter-rule"
          value={options.filter}
          autocomplete="off"
          spellcheck={false}
          onInput={(event) => onChange({ filter: (event.currentTarget as HTMLInputElement).value })}
          onKeyDown={props.onFilterKeyDown}
        />
        <kbd class="shortcut" aria-hidden="true">
          {isMac ? '⌘F' : 'Ctrl+F'}
        </kbd>
        <span id="tag-filter-rule" class="visually-hidden" aria-live="polite">
          {filterRule(options.filter)}
        </span>
      </div>

      <div class="toggle-group" role="group" aria-label="Kind">
        {TAG_KINDS.map((kind: TagKind) => (
          <button
            key={kind}
            type="button"
            class="toggle"
            aria-pressed={options.kinds.has(kind)}
            onClick={() => onChange({ kinds: toggled(options.kinds, kind) })}
          >
            {kind}s
          </button>
        ))}
      </div>
      <div class="toggle-group" role="group" aria-label="Type">
        {TAG_TYPES.map((type: TagType) => (
          <button
            key={type}
            type="button"
            class="toggle"
            aria-pressed={options.types.has(type)}
            onClick={() => onChange({ types: toggled(options.types, type) })}
          >
            {type}
          </button>
        ))}
      </div>
      <div class="toggle-group" role="group" aria-label="Show only">
        <button
          type="button"
          class="toggle"
          aria-pressed={options.pinnedOnly}
          title="Only tags pinned as quick faults"
          onClick={() => onChange({ pinnedOnly: !options.pinnedOnly })}
        >
          ★ Pinned
        </button>
        <button
          type="button"
          class="toggle"
          aria-pressed={options.faultedOnly}
          title="Only forced or failed tags"
          onClick={() => onChange({ faultedOnly: !options.faultedOnly })}
        >
          Faulted
        </button>
      </div>

      <label class="sort">
        <span class="wide-only">Sort</span>
        <select
          value={`${options.sort}-${options.direction}`}
          onChange={(event) => {
            const [sort, direction] = (event.currentTarget as HTMLSelectElement).value.split('-') as [
              SortKey,
              ViewOptions['direction'],
            ];
            onChange({ sort, direction });
          }}
        >
          <option value="name-asc">Name A–Z</option>
          <option value="name-desc">Name Z–A</option>
          <option value="address-asc">Address ↑</option>
          <option value="address-desc">Address ↓</option>
          <option value="scene-asc">Scene order</option>
        </select>
      </label>

      <span class="count" aria-live="polite">
        {props.shown === props.total ? `${props.total} tags` : `${props.shown} of ${props.total} tags`}
      </span>

      {props.hideFaultControls ? null : (
        <div class="bulk">
          <button
            type="button"
            class="bulk-button bulk-forced"
            disabled={props.disabled || props.forcedCount === 0}
            onClick={props.onReleaseAll}
          >
            Release forces <span class="badge badge-forced">{props.forcedCount}</span>
          </button>
          <button
            type="button"
            class="bulk-button bulk-failed"
            disabled={props.disabled || props.failedCount === 0}
            onClick={props.onClearFailures}
          >
            Clear failures <span class="badge badge-failed">{props.failedCount}</span>
          </button>
        </div>
      )}
    </section>
  );
}
