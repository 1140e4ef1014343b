/** Query keys of forms and PDF templates; everything of one app sits under `['ui-docs', appId]`. */
export const uiDocsKeys = {
  all: (appId: string) => ['ui-docs', appId] as const,
  forms: (appId: string) => [...uiDocsKeys.all(appId), 'forms'] as const,
  pdfTemplates: (appId: string) => [...uiDocsKeys.all(appId), 'pdf-templates'] as const,
};
