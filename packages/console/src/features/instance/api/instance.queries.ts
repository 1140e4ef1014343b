import { useMutation, useQuery } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { instanceKeys } from './instance.keys';

/** Edition, limits, version and the cluster's nodes (`license.get`); nodes report every 10 s, so refresh often. */
export function useLicense() {
  return useQuery({
    queryKey: instanceKeys.license(),
    queryFn: () => getSdk().license.get(),
    refetchInterval: 15_000,
  });
}

/** The server's own status (`system.loadStatus`), asked fresh: the page exists to show the current state. */
export function useInstanceStatus() {
  return useQuery({
    queryKey: instanceKeys.status(),
    queryFn: () => getSdk().system.loadStatus(true),
  });
}

/** Sends a licence file; the open edition refuses it with a 400 that says why, shown as the server words it. */
export function useUploadLicense() {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (file: File) => getSdk().license.upload(file),
  });
}

/** Asks to move the licence to this cluster; refused the same way when no licence binds the server. */
export function useReplaceCluster() {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().license.replaceCluster({}),
  });
}
