import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormAppSettings, FormSource, GeneratePdf, PdfTemplateInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { uiDocsKeys } from './ui-docs.keys';

export function useForms(appId: string) {
  return useQuery({ queryKey: uiDocsKeys.forms(appId), queryFn: () => getSdk().formEditor.getForms(appId) });
}

export function usePdfTemplates(appId: string) {
  return useQuery({ queryKey: uiDocsKeys.pdfTemplates(appId), queryFn: () => getSdk().pdf.listTemplates(appId) });
}

function useWrite<V, A>(appId: string, write: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Errors show where the write was made (under the field in the dialog, or in the confirmation).
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: uiDocsKeys.all(appId) }),
  });
}

export function useSaveForm(appId: string) {
  return useWrite(appId, (v: { id?: string; source: FormSource; appSettings: FormAppSettings }) =>
    v.id
      ? getSdk().formEditor.updateForm(appId, { ...v.source, id: v.id }, v.appSettings)
      : getSdk().formEditor.createForm(appId, v.source, v.appSettings),
  );
}

export function useDeleteForm(appId: string) {
  return useWrite(appId, (id: string) => getSdk().formEditor.deleteForm(appId, { id }));
}

export function useSavePdfTemplate(appId: string) {
  return useWrite(appId, (v: { id?: string; body: PdfTemplateInput }) =>
    v.id ? getSdk().pdf.updateTemplate(appId, { ...v.body, id: v.id }) : getSdk().pdf.createTemplate(appId, v.body),
  );
}

export function useDeletePdfTemplate(appId: string) {
  return useWrite(appId, (id: string) => getSdk().pdf.deleteTemplate(appId, id));
}

/** Prints a document: the PDF's bytes, saved by the page as a download. */
export function useGeneratePdf(appId: string) {
  return useMutation({
    mutationFn: (payload: GeneratePdf) => getSdk().pdf.generatePDF(appId, payload),
    meta: { errorToast: false },
  });
}
