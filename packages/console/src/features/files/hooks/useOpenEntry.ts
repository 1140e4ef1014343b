import type { FileEntry } from '@basalt/shared';
import { useFindEntry } from '../api/files.queries';

/**
 * The entry of the file named in the URL (`open`): taken from the loaded rows when it is there,
 * otherwise looked up by its exact name (a link may point past the first page or the search).
 */
export function useOpenEntry(appId: string, folder: string, name: string | undefined, loaded: FileEntry[]) {
  const fromList = name ? loaded.find((e) => e.name === name) : undefined;
  const lookup = useFindEntry(appId, folder, name, !fromList);
  return fromList ?? lookup.data ?? undefined;
}
