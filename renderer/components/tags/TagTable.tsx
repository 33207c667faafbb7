import { PRESETS_LOCKED_REASON } from '../../../shared/lab/restrictions.js';
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TagStore, ViewTag } from '../../state/tag-store.js';
import type { SortDirection, SortKey } from '../../state/tag-view.js';
import { failureOf, FAILURE_LABELS, formatValue } from '../../state/value-entry.js';
import { scrollToReveal, visibleRange } from '../../state/virtual-range.js';
import type { TagValue } from '../../../shared/core/tag-types.js';

/** Fixed heights in pixels; they must match --row-height and --header-height in styles/base.css. */
export const ROW_HEIGHT = 24;
export const HEADER_HEIGHT = 28;

export interface TagTableProps {
  ids: readonly string[];
  store: TagStore;
  /** Changes whenever any tag changes, so visible rows redraw. */
  version: number;
  pinned: ReadonlySet<string>;
  selectedId: string | undefined;
  /** Bumped to bring the selection into view again (a navigation key, a new filter). */
  revealRequest: number;
  sort: SortKey;
  direction: SortDirection;
  gridRef: RefObject<HTMLDivElement>;
  onSelect(id: string): void;
  onSort(key: SortKey): void;
  onTogglePin(id: string): void;
  /** A lab's presets locked the pins: the pin buttons show them, disabled. */
  pinLocked?: boolean;
  onKeyDown(event: KeyboardEvent, pageSize: number): void;
  emptyText: string;
}

export function rowDomId(id: string): string {
  return `tag-row-${id}`;
}

/**
 * The live tag table, an ARIA grid. Only the rows in view (plus overscan) exist in the DOM; each
 * sits at its index times ROW_HEIGHT inside a body as tall as all rows, so the scroll bar is
 * true and 10 000 tags cost what 50 do.
 */
export function TagTable(props: TagTableProps) {
  const { ids, store, pinned, selectedId, gridRef } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const measure = () => setViewport(grid.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    return () => observer.disconnect();
  }, [gridRef]);

  const bodyHeight = Math.max(0, viewport - HEADER_HEIGHT);
  const selectedIndex = selectedId === undefined ? -1 : ids.indexOf(selectedId);

  // Bring the selected row into view when the selection moves or the app asks (a navigation
  // key, a new filter); without a visible selection a new filter starts at the top. Live value
  // updates do not scroll, so reading a row the mouse scrolled to is never interrupted.
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const target =
      selectedIndex < 0 ? 0 : scrollToReveal(selectedIndex, grid.scrollTop, bodyHeight, ROW_HEIGHT);
    if (target !== undefined && target !== grid.scrollTop) {
      grid.scrollTop = target;
      setScrollTop(grid.scrollTop);
    }
  }, [selectedId, props.revealRequest]);

  const onScroll = (event: Event) => {
    const top = (event.currentTarget as HTMLDivElement).scrollTop;
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined;
      setScrollTop(top);
    });
  };

  const { start, end } = visibleRange(scrollTop, bodyHeight, ROW_HEIGHT, ids.length);
  const rows = [];
  for (let index = start; index < end; index++) {
    const id = ids[index];
    const tag = id === undefined ? undefined : store.get(id);
    if (tag === undefined) continue;
    rows.push(
      <TagRow
        key={tag.id}
        tag={tag}
        index={index}
        selected={tag.id === selectedId}
        pinned={pinned.has(tag.id)}
        pinLocked={props.pinLocked ?? false}
        onSelect={props.onSelect}
        onTogglePin={props.onTogglePin}
      />,
    );
  }

  const pageSize = Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT));
  const ariaSort = (key: SortKey) =>
    props.sort === key ? (props.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const sortMark = (key: SortKey) =>
    props.sort === key ? (
      <span class="sort-mark" aria-hidden="true">
        {props.direction === 'asc' ? '▲' : '▼'}
      </span>
    ) : null;

  return (
    // The window's main content; the Traffic view's list takes its place while that view is open.
    <main class="table-frame">
      <div
        ref={gridRef}
        class="grid"
        role="grid"
        aria-label="Tags"
        aria-rowcount={ids.length + 1}
        aria-colcount={9}
        aria-activedescendant={
          selectedIndex >= start && selectedIndex < end && selectedId ? rowDomId(selectedId) : undefined
        }
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={(event) => props.onKeyDown(event, pageSize)}
      >
        <div class="grid-head" role="rowgroup">
          <div class="row head-row" role="row" aria-rowindex={1}>
            <div class="cell pin" role="columnheader">
              <span class="visually-hidden">Pinned</span>
            </div>
            <div class="cell name" role="columnheader" aria-sort={ariaSort('name')}>
              <button type="button" class="sort-button" onClick={() => props.onSort('name')} tabIndex={-1}>
                Name
                {sortMark('name')}
              </button>
            </div>
            <div class="cell kind" role="columnheader">
              Kind
            </div>
            <div class="cell type" role="columnheader">
              Type
            </div>
            <div class="cell address num" role="columnheader" aria-sort={ariaSort('address')}>
              <button type="button" class="sort-button" onClick={() => props.onSort('address')} tabIndex={-1}>
                {sortMark('address')}
                Address
              </button>
            </div>
            <div class="cell value" role="columnheader">
              Value
            </div>
            <div class="cell raw" role="columnheader" title="The value without forces and failures">
              Raw
            </div>
            <div class="cell forced" role="columnheader">
              Forced
            </div>
            <div class="cell failure" role="columnheader">
              Failure
            </div>
          </div>
        </div>
        <div class="grid-body" role="rowgroup" style={{ height: `${ids.length * ROW_HEIGHT}px` }}>
          {rows}
        </div>
        {ids.length === 0 ? <div class="grid-empty">{props.emptyText}</div> : null}
      </div>
    </main>
  );
}

interface TagRowProps {
  tag: ViewTag;
  index: number;
  selected: boolean;
  pinned: boolean;
  pinLocked: boolean;
  onSelect(id: string): void;
  onTogglePin(id: string): void;
}

function TagRow({ tag, index, selected, pinned, pinLocked, onSelect, onTogglePin }: TagRowProps) {
  const failure = failureOf(tag);
  const classes = ['row', 'tag-row', index % 2 === 1 ? 'odd' : 'even'];
  if (selected) classes.push('selected');
  if (tag.isForced) classes.push('is-forced');
  if (failure !== 'none') classes.push('is-failed');
  return (
    <div
      id={rowDomId(tag.id)}
      class={classes.join(' ')}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-tag-id={tag.id}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
      onMouseDown={() => onSelect(tag.id)}
    >
      <div class="cell pin" role="gridcell">
        <button
          type="button"
          class={pinned ? 'pin-button pinned' : 'pin-button'}
          tabIndex={-1}
          aria-pressed={pinned}
          title={pinLocked ? PRESETS_LOCKED_REASON : pinned ? 'Unpin (quick faults)' : 'Pin as a quick fault'}
          disabled={pinLocked}
          onClick={() => onTogglePin(tag.id)}
        >
          <span aria-hidden="true">{pinned ? '★' : '☆'}</span>
          <span class="visually-hidden">Pin</span>
        </button>
      </div>
      <div class="cell name" role="gridcell" title={tag.name}>
        {tag.name}
      </div>
      <div class="cell kind" role="gridcell">
        <span class={`kind-badge ${tag.kind === 'Input' ? 'kind-input' : 'kind-output'}`}>{tag.kind}</span>
      </div>
      <div class="cell type" role="gridcell">
        {tag.type}
      </div>
      <div class="cell address num" role="gridcell">
        {tag.address}
      </div>
      <div class="cell value" role="gridcell">
        <Value value={tag.value} type={tag.type} />
        {/* The letter is for the eye; a screen reader hears the words. */}
        {tag.isForced ? (
          <span class="flag flag-forced" title="Forced">
            <span aria-hidden="true">F</span>
            <span class="visually-hidden"> (forced)</span>
          </span>
        ) : null}
        {failure !== 'none' ? (
          <span class="flag flag-failed" title={FAILURE_LABELS[failure]}>
            <span aria-hidden="true">!</span>
            <span class="visually-hidden"> ({FAILURE_LABELS[failure]} failure)</span>
          </span>
        ) : null}
      </div>
      <div class="cell raw" role="gridcell">
        <Value value={tag.raw} type={tag.type} />
      </div>
      <div class="cell forced" role="gridcell">
        {tag.isForced ? <Value value={tag.forcedValue} type={tag.type} /> : <span class="none">—</span>}
      </div>
      <div class="cell failure" role="gridcell">
        {failure === 'none' ? (
          <span class="none">—</span>
        ) : (
          <span class={`pill ${failure === 'alwaysOn' ? 'pill-on' : 'pill-off'}`}>
            {FAILURE_LABELS[failure]}
          </span>
        )}
      </div>
    </div>
  );
}

/** A value as the API writes it; a Bit also gets a lamp. */
export function Value({ value, type }: { value: TagValue | undefined; type: string }) {
  if (value === undefined) return <span class="none">—</span>;
  if (type === 'Bit') {
    return (
      <span class={value === true ? 'bit bit-on' : 'bit bit-off'}>
        <span class="lamp" aria-hidden="true" />
        {formatValue(value)}
      </span>
    );
  }
  return <span class="number">{formatValue(value)}</span>;
}
