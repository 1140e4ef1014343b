import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeBase } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { knowledgeBasesKeys } from './knowledge-bases.keys';

export function useKnowledgeBases(appId: string) {
  return useQuery({
    queryKey: knowledgeBasesKeys.list(appId),
    queryFn: () => getSdk().knowledgeBase.getAllKnowledgeBases(appId),
  });
}

/** Whether AI assistance is on for this server (an operator configured a provider). */
export function useAiConfigured(appId: string) {
  return useQuery({
    queryKey: knowledgeBasesKeys.aiStatus(appId),
    queryFn: async () => (await getSdk().openAI.getUsageInfo(appId, 'general')).configured,
    staleTime: 60_000,
  });
}

/** Writes answer the changed base: it is put in the list at once, then the list is refetched. */
function useKbWrite<V>(appId: string, write: (v: V) => Promise<KnowledgeBase | { success: boolean }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Every write of this page shows its error where it was made (dialog, field, upload alert).
    meta: { errorToast: false },
    onSuccess: (answer) => {
      if ('id' in answer)
        client.setQueryData<KnowledgeBase[]>(knowledgeBasesKeys.list(appId), (list) =>
          list
            ? list.some((k) => k.id === answer.id)
              ? list.map((k) => (k.id === answer.id ? answer : k))
              : [...list, answer]
            : list,
        );
      return client.invalidateQueries({ queryKey: knowledgeBasesKeys.list(appId) });
    },
  });
}

export function useCreateKnowledgeBase(appId: string) {
  return useKbWrite(appId, (v: { name: string; description?: string }) =>
    getSdk().knowledgeBase.createKnowledgeBase(appId, v),
  );
}

export function useUpdateKnowledgeBase(appId: string) {
  return useKbWrite(appId, (v: { id: string; name: string; description?: string }) =>
    getSdk().knowledgeBase.updateKnowledgeBaseMetaInfo(appId, v.id, { name: v.name, description: v.description }),
  );
}

export function useDeleteKnowledgeBase(appId: string) {
  return useKbWrite(appId, (id: string) => getSdk().knowledgeBase.deleteKnowledgeBase(appId, id));
}

export function useUploadDocuments(appId: string) {
  return useKbWrite(appId, (v: { id: string; files: File[] }) => {
    const form = new FormData();
    for (const f of v.files) form.append('file', f, f.name);
    return getSdk().knowledgeBase.uploadFiles(appId, v.id, form);
  });
}

export function useDeleteDocument(appId: string) {
  return useKbWrite(appId, (v: { id: string; fileId: string }) =>
    getSdk().knowledgeBase.deleteFile(appId, v.id, v.fileId),
  );
}

/** Retrieval as an assistant would do it: the best passages for a question. */
export function useSearchKnowledgeBase(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (v: { id: string; query: string }) => getSdk().knowledgeBase.search(appId, v.id, v.query, 5),
  });
}
