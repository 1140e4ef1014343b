import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changedSearchParams, currentSearchParams } from '../../../../lib/search-params';
import { formatSort, parseSort } from '../../data-format';
import type { RecordsFilter } from '../../api/records.queries';
import type { PanelTab } from './RecordPanel';

/**
 * The records browser's state that lives in the URL: search `q`, where `filter`, `sort`, the open
 * `record` and its panel `tab` (docs/console-screens.md › URLs), and the ways to change it.
 */
export function useRecordsUrl() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filter = params.get('filter') ?? '';
  const sortParam = params.get('sort');
  const sort = useMemo(() => parseSort(sortParam), [sortParam]);
  const recordParam = params.get('record');
  const tab = (params.get('tab') as PanelTab | null) ?? 'fields';
  const recordsFilter: RecordsFilter = useMemo(() => ({ q, filter, sortBy: sort.map((s) => `${s.column} ${s.dir}`) }), [q, filter, sort]);

  /** Changes some parameters; `push` adds a history entry (opening a record), otherwise it is replaced. */
  const setParam = useCallback(
    (changes: Record<string, string | null>, push = false) => setParams(() => changedSearchParams(changes), { replace: !push }),
    [setParams],
  );

  const onSortToggle = useCallback(
    (column: string) => {
      // From the browser's location, not this render's `sort`: a second click on a header can come
      // before the render of the first (lib/search-params.ts), and would then repeat it.
      const latest = parseSort(currentSearchParams().get('sort'));
      const current = latest.find((s) => s.column === column);
      const next = !current ? [{ column, dir: 'asc' as const }] : current.dir === 'asc' ? [{ column, dir: 'desc' as const }] : [];
      setParam({ sort: formatSort(next) || null });
    },
    [setParam],
  );

  return { q, filter, sort, recordParam, tab, recordsFilter, setParam, onSortToggle };
}
