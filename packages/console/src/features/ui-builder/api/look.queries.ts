import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UiContainerSettings, UiI18n, UiStyle, UiTheme } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { uiBuilderKeys } from './ui-builder.keys';

const ui = () => getSdk().uiBuilder;

/** A write whose screen shows its own error; `refresh` names the keys it changes. */
function useLookWrite<V, R>(write: (v: V) => Promise<R>, refresh: () => readonly unknown[][]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: () => Promise.all(refresh().map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

// ---- themes ----
export function useThemes(appId: string) {
  return useQuery({
    queryKey: uiBuilderKeys.themes(appId),
    queryFn: async () => (await ui().loadThemes(appId)) as UiTheme[],
  });
}
export function useThemeStyle(appId: string, themeId: string | undefined) {
  return useQuery({
    queryKey: uiBuilderKeys.themeStyle(appId, themeId ?? ''),
    queryFn: async () => ((await ui().loadThemeStyle(appId, themeId!)) as { content: string }).content,
    enabled: !!themeId,
  });
}
export function useCreateTheme(appId: string) {
  return useLookWrite(
    (v: { name: string; variables?: Record<string, string> }) => ui().createTheme(appId, v) as Promise<UiTheme>,
    () => [[...uiBuilderKeys.themes(appId)]],
  );
}
export function useUpdateTheme(appId: string) {
  return useLookWrite(
    (v: { id: string; name?: string; description?: string; variables?: Record<string, string> }) =>
      ui().updateTheme(appId, v.id, v) as Promise<UiTheme>,
    () => [[...uiBuilderKeys.themes(appId)]],
  );
}
export function useUpdateThemeStyle(appId: string) {
  return useLookWrite(
    (v: { id: string; content: string }) => ui().updateThemeStyle(appId, v.id, v.content),
    () => [[...uiBuilderKeys.themes(appId)]],
  );
}
export function useDeleteTheme(appId: string) {
  return useLookWrite(
    (id: string) => ui().deleteTheme(appId, id),
    () => [[...uiBuilderKeys.themes(appId)], [...uiBuilderKeys.all(appId), 'container']],
  );
}
export function usePublishTheme(appId: string) {
  return useLookWrite(
    (id: string) => ui().publishTheme(appId, id, {}) as Promise<UiTheme>,
    () => [[...uiBuilderKeys.themes(appId)]],
  );
}
export function useApplyTheme(appId: string, container: string) {
  return useLookWrite(
    (id: string | null) => ui().applyContainerTheme(appId, container, { id }),
    () => [[...uiBuilderKeys.settings(appId, container)]],
  );
}

// ---- styles ----
export function useStyles(appId: string, container: string) {
  return useQuery({
    queryKey: uiBuilderKeys.styles(appId, container),
    queryFn: async () => (await ui().loadContainerStyles(appId, container)) as Omit<UiStyle, 'content'>[],
  });
}
export function useStyle(appId: string, container: string, name: string | undefined) {
  return useQuery({
    queryKey: uiBuilderKeys.style(appId, container, name ?? ''),
    queryFn: async () => (await ui().loadContainerStyle(appId, container, name!)) as UiStyle,
    enabled: !!name,
  });
}
export function useSaveStyle(appId: string, container: string) {
  return useLookWrite(
    (v: { name: string; content: string; type: 'less' | 'css' }) =>
      ui().updateContainerStyle(appId, container, v.name, { content: v.content, type: v.type }) as Promise<UiStyle>,
    () => [[...uiBuilderKeys.styles(appId, container)]],
  );
}
export function useDeleteStyle(appId: string, container: string) {
  return useLookWrite(
    (name: string) => ui().deleteContainerStyle(appId, container, name),
    () => [[...uiBuilderKeys.styles(appId, container)]],
  );
}

// ---- i18n ----
export function useI18n(appId: string, container: string) {
  return useQuery({
    queryKey: uiBuilderKeys.i18n(appId, container),
    queryFn: () => ui().loadContainerI18n(appId, container),
  });
}
function useI18nWrite<V>(appId: string, container: string, write: (v: V) => Promise<UiI18n>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: (answer) => client.setQueryData(uiBuilderKeys.i18n(appId, container), answer),
  });
}
export function useSaveDictionary(appId: string, container: string) {
  return useI18nWrite(appId, container, (v: { lang: string; entries: Record<string, string> }) =>
    ui().saveContainerI18n(appId, container, v.lang, v.entries),
  );
}
export function useDeleteDictionary(appId: string, container: string) {
  return useI18nWrite(appId, container, (lang: string) => ui().deleteContainerI18n(appId, container, lang));
}
export function useSetDefaultLanguage(appId: string, container: string) {
  return useI18nWrite(appId, container, (lang: string) => ui().updateContainerDefaultI18n(appId, container, lang));
}
export function useUpdateKey(appId: string, container: string) {
  return useI18nWrite(appId, container, (v: { key: string; texts: Record<string, string | null> }) =>
    ui().updateContainerI18nKey(appId, container, v.key, v.texts),
  );
}
export function useRenameKey(appId: string, container: string) {
  return useI18nWrite(appId, container, (v: { from: string; to: string }) =>
    ui().renameContainerI18nKey(appId, container, v.from, v.to),
  );
}
export function useDeleteKeys(appId: string, container: string) {
  return useI18nWrite(appId, container, (keys: string[]) => ui().deleteContainerI18nKeys(appId, container, keys));
}

// ---- settings and PWA ----
export function useLookSettings(appId: string, container: string) {
  return useQuery({
    queryKey: uiBuilderKeys.settings(appId, container),
    queryFn: () => ui().loadContainerSettings(appId, container),
  });
}
function useSettingsWrite<V>(appId: string, container: string, write: (v: V) => Promise<UiContainerSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: (answer) => client.setQueryData(uiBuilderKeys.settings(appId, container), answer),
  });
}
export function useSaveSettings(appId: string, container: string) {
  return useSettingsWrite(
    appId,
    container,
    (v: Record<string, unknown>) => ui().updateContainerSettings(appId, container, v) as Promise<UiContainerSettings>,
  );
}
export function useUploadIcon(appId: string, container: string) {
  return useSettingsWrite(
    appId,
    container,
    (v: { kind: 'favicon' | 'pwa'; file: File }) =>
      (v.kind === 'favicon'
        ? ui().uploadContainerFavicon(appId, container, v.file)
        : ui().updateContainerPWAIcon(appId, container, v.file)) as Promise<UiContainerSettings>,
  );
}
export function useRemoveFavicon(appId: string, container: string) {
  return useSettingsWrite(
    appId,
    container,
    () => ui().removeContainerFavicon(appId, container) as Promise<UiContainerSettings>,
  );
}
