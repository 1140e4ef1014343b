import { useGetAppInfo } from '../../apps';

/** The app's name for previews (its id until the name is known). */
export function useCurrentAppName(appId: string): string {
  const info = useGetAppInfo(appId);
  const data = info.data as { appName?: string; name?: string } | undefined;
  return data?.appName ?? data?.name ?? appId;
}
