import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { FolderQuery, SortField } from '../api/files.queries';
import { joinPath, normalisePath } from '../file-paths';
import { changedSearchParams } from '../../../lib/search-params';

const SORT_FIELDS: SortField[] = ['name', 'size', 'type', 'updated', 'created'];

/**
 * The Files area's state lives in the URL (docs/console-screens.md › URLs): the folder is the path after
 * `files/`, `q` the name pattern, `sort` the order (`size:desc`), `open` the file in the preview.
 */
export function useFilesLocation() {
  const params = useParams();
  const appId = params.appId ?? '';
  const folder = normalisePath(params['*'] ?? '');
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();

  const [sortField, sortDir] = (search.get('sort') ?? 'name:asc').split(':');
  const query: FolderQuery = {
    pattern: search.get('q') ?? '',
    sortBy: SORT_FIELDS.includes(sortField as SortField) ? (sortField as SortField) : 'name',
    sortDirection: sortDir === 'desc' ? 'desc' : 'asc',
  };
  const open = search.get('open') ?? undefined;

  const folderUrl = useCallback(
    (path: string) => `/apps/${appId}/files/${normalisePath(path).split('/').map(encodeURIComponent).join('/')}`,
    [appId],
  );

  const goTo = useCallback((path: string) => navigate(folderUrl(path)), [navigate, folderUrl]);

  const setParam = useCallback(
    (key: string, value: string | undefined, replace: boolean) => {
      setSearch(() => changedSearchParams({ [key]: value }), { replace });
    },
    [setSearch],
  );

  return {
    appId,
    folder,
    query,
    /** Name of the file open in the preview, inside `folder`. */
    open,
    openPath: open ? joinPath(folder, open) : undefined,
    folderUrl,
    goTo,
    // Typing writes the URL with replace; opening a file pushes, so Back closes the preview.
    setPattern: (pattern: string) => setParam('q', pattern || undefined, true),
    setSort: (field: SortField, direction: 'asc' | 'desc') =>
      setParam('sort', field === 'name' && direction === 'asc' ? undefined : `${field}:${direction}`, true),
    setOpen: (name: string | undefined) => setParam('open', name, false),
  };
}
