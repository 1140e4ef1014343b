import type { DocTarget } from '../targets';

/** Query keys of generated API documents; everything of one app sits under `['api-docs', appId]`. */
export const apiDocsKeys = {
  all: (appId: string) => ['api-docs', appId] as const,
  doc: (appId: string, target: DocTarget) => [...apiDocsKeys.all(appId), target] as const,
};
