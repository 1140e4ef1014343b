/** Query keys of the UI Builder; everything of one app sits under `['ui-builder', appId]`. */
export const uiBuilderKeys = {
  all: (appId: string) => ['ui-builder', appId] as const,
  containers: (appId: string) => [...uiBuilderKeys.all(appId), 'containers'] as const,
  removed: (appId: string) => [...uiBuilderKeys.all(appId), 'removed'] as const,
  container: (appId: string, name: string) => [...uiBuilderKeys.all(appId), 'container', name] as const,
  publications: (appId: string, name: string) => [...uiBuilderKeys.container(appId, name), 'publications'] as const,
  pageUI: (appId: string, container: string, page: string) =>
    [...uiBuilderKeys.all(appId), 'container', container, 'page', page, 'ui'] as const,
  /** Look and text (decision 0086): the app's themes, and per container styles, i18n and settings. */
  themes: (appId: string) => [...uiBuilderKeys.all(appId), 'themes'] as const,
  themeStyle: (appId: string, themeId: string) => [...uiBuilderKeys.all(appId), 'themes', themeId, 'style'] as const,
  styles: (appId: string, container: string) => [...uiBuilderKeys.container(appId, container), 'styles'] as const,
  style: (appId: string, container: string, name: string) =>
    [...uiBuilderKeys.container(appId, container), 'styles', name] as const,
  i18n: (appId: string, container: string) => [...uiBuilderKeys.container(appId, container), 'i18n'] as const,
  settings: (appId: string, container: string) => [...uiBuilderKeys.container(appId, container), 'settings'] as const,
};
