import { useCallback, useMemo, useState } from 'preact/hooks';
import type { UiModel } from '../state/ui-model.js';
import {
  SortedOrders,
  DEFAULT_VIEW_OPTIONS,
  dependsOnValues,
  visibleIds,
  type SortKey,
  type ViewOptions,
} from '../state/tag-view.js';

/**
 * The tag table's view: its options (filter, toggles, sort), the ids they let through in order,
 * and a counter that asks the table to bring the selected row back into view.
 */
export function useTableView(model: UiModel) {
  const [options, setOptions] = useState<ViewOptions>(DEFAULT_VIEW_OPTIONS);
  const [revealRequest, setRevealRequest] = useState(0);
  const orders = useMemo(() => new SortedOrders(model.tags), [model]);
  const { tags } = model;

  const ids = useMemo(
    () => visibleIds(tags, orders, options, model.pinnedSet),
    // The list changes with the options, the set of tags, the pins, and (for "Faulted") values.
    [
      tags,
      orders,
      options,
      tags.structureVersion,
      model.pinnedSet,
      dependsOnValues(options) ? tags.version : 0,
    ],
  );

  const reveal = useCallback(() => setRevealRequest((n) => n + 1), []);
  // A new view (filter, toggles, sort) brings the selected tag back into view, as sorting by a
  // column header does; without a selection it starts at the top.
  const changeOptions = useCallback(
    (change: Partial<ViewOptions>) => {
      setOptions((o) => ({ ...o, ...change }));
      reveal();
    },
    [reveal],
  );
  const sortBy = useCallback(
    (key: SortKey) => {
      setOptions((o) => ({
        ...o,
        sort: key,
        direction: o.sort === key && o.direction === 'asc' ? 'desc' : 'asc',
      }));
      reveal();
    },
    [reveal],
  );
  return { options, ids, revealRequest, reveal, changeOptions, sortBy };
}
