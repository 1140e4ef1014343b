import type { UiContainerSettings, UiI18n } from '@basalt/shared';
import { segment } from '../transport/encode.js';
import type { GroupContext } from './group-context.js';
import { box, multipart, uib, type UiFile } from './ui-builder-wire.js';

/** Answers of the UI Builder routes: JSON documents whose shapes the server's schema fixes. */
export type UiAnswer = any;
/** A JSON object sent as it is. */
export type UiBody = Record<string, unknown>;

/** Library, containers, trash, backups, settings, i18n, PWA and themes of the `uiBuilder` group. */
export function createUiBuilderContainerMethods({ request }: GroupContext) {
  const lib = (appId: string, rest: string) => `${uib(appId)}/library/${rest}`;
  return {
    /** Creates the app's `default` and `system` containers when missing (idempotent, no body). */
    init: (appId: string): Promise<UiAnswer> => request.post(`${uib(appId)}/init`),
    loadSDKStyles: (appId: string): Promise<UiAnswer> => request.get(lib(appId, 'sdk/styles')),
    /** The built-in component registry (Block, Text, DataTable …). */
    loadSDKComponents: (appId: string): Promise<UiAnswer> => request.get(lib(appId, 'sdk/components')),
    loadLayoutTemplates: (appId: string): Promise<UiAnswer> => request.get(lib(appId, 'layout-templates')),
    loadPageTemplates: (appId: string): Promise<UiAnswer> => request.get(lib(appId, 'page-templates')),
    loadCustomComponentTemplates: (appId: string): Promise<UiAnswer> =>
      request.get(lib(appId, 'custom-component-templates')),

    /** `{name, forkFrom?}`: a blank container, or a copy of `forkFrom`. */
    createContainer: (appId: string, container: UiBody): Promise<UiAnswer> =>
      request.post(`${uib(appId)}/containers`, container),
    updateContainer: (appId: string, containerName: string, container: UiBody): Promise<UiAnswer> =>
      request.put(box(appId, containerName), container),
    /** Moves the container to the trash (`loadRemovedContainers`). */
    deleteContainer: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.delete(box(appId, containerName)),
    loadContainer: (appId: string, containerName: string): Promise<UiAnswer> => request.get(box(appId, containerName)),
    /** Publishes an immutable snapshot: `{url, publication}` (needs developer operation 111). */
    publishContainer: (appId: string, containerName: string, options?: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/publish`, options),
    applyContainerTheme: (appId: string, containerName: string, theme: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/apply-theme`, theme),

    /** Publication history, newest first (Basalt addition). */
    loadContainerPublications: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.get(`${box(appId, containerName)}/publications`),
    /** Serves an earlier publication again (Basalt addition; needs developer operation 111). */
    rollbackContainerPublication: (
      appId: string,
      containerName: string,
      publicationNumber: number,
    ): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/publications/${segment(publicationNumber)}/rollback`),

    loadContainerStyles: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.get(`${box(appId, containerName)}/styles`),
    loadContainerStyle: (appId: string, containerName: string, name: string): Promise<UiAnswer> =>
      request.get(`${box(appId, containerName)}/styles/${segment(name)}`),
    updateContainerStyle: (appId: string, containerName: string, name: string, style: UiBody): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/styles/${segment(name)}`, style),
    deleteContainerStyle: (appId: string, containerName: string, name: string): Promise<UiAnswer> =>
      request.delete(`${box(appId, containerName)}/styles/${segment(name)}`),

    /** The trash: containers deleted and not yet purged. */
    loadRemovedContainers: (appId: string): Promise<UiAnswer> => request.get(`${uib(appId)}/removed-containers`),
    /** Purges a container from the trash. */
    deleteRemovedContainer: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.delete(`${uib(appId)}/removed-containers/${segment(containerName)}`),

    /** Takes a container back out of the trash (Basalt addition). */
    restoreRemovedContainer: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.post(`${uib(appId)}/removed-containers/${segment(containerName)}/restore`),

    loadContainerBackups: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.get(`${box(appId, containerName)}/backups`),
    updateContainerBackupsPolicy: (appId: string, containerName: string, backupsPolicy: UiBody): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/backups/policy`, backupsPolicy),
    createContainerBackup: (appId: string, containerName: string, backup: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/backups`, backup),
    /** DELETE with the array of backup ids as its JSON body. */
    deleteContainerBackups: (appId: string, containerName: string, backupsIds: string[]): Promise<UiAnswer> =>
      request.delete(`${box(appId, containerName)}/backups`, backupsIds),
    getBackupDownloadLink: (appId: string, containerName: string, backupId: string): Promise<UiAnswer> =>
      request.get(`${box(appId, containerName)}/backups/download/sign/${segment(backupId)}`),
    /** Multipart: the archive in field `file` beside the plain fields of `data`. */
    uploadBackup: (
      appId: string,
      containerName: string,
      file: UiFile | FormData,
      data: UiBody = {},
    ): Promise<UiAnswer> => request.post(`${box(appId, containerName)}/backups/upload`, multipart(data, 'file', file)),

    /** Theme, viewport, meta tags, head content, libraries, configs, icons and PWA of a container (Basalt addition). */
    loadContainerSettings: (appId: string, containerName: string): Promise<UiContainerSettings> =>
      request.get(`${box(appId, containerName)}/settings`),
    /** The dictionaries and default language of a container (Basalt addition). */
    loadContainerI18n: (appId: string, containerName: string): Promise<UiI18n> =>
      request.get(`${box(appId, containerName)}/i18n`),
    updateContainerSettings: (appId: string, containerName: string, settings: UiBody): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/settings`, settings),
    updateContainerCustomConfigs: (appId: string, containerName: string, customConfigs: unknown): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/custom-configs`, customConfigs),
    /** Sent as `{defaultI18n}`. */
    updateContainerDefaultI18n: (appId: string, containerName: string, defaultI18n: string): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/i18n`, { defaultI18n }),
    saveContainerI18n: (
      appId: string,
      containerName: string,
      dictionaryName: string,
      dictionaryObject: UiBody,
    ): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/i18n/dictionary/${segment(dictionaryName)}`, dictionaryObject),
    deleteContainerI18n: (appId: string, containerName: string, dictionaryName: string): Promise<UiAnswer> =>
      request.delete(`${box(appId, containerName)}/i18n/dictionary/${segment(dictionaryName)}`),
    updateContainerI18nKey: (appId: string, containerName: string, key: string, changes: UiBody): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/i18n/key/${segment(key)}`, changes),
    /** The new name travels in the query (`?newKeyName=`), with no body. */
    renameContainerI18nKey: (
      appId: string,
      containerName: string,
      oldKeyName: string,
      newKeyName: string,
    ): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/i18n/key/${segment(oldKeyName)}/rename`, undefined, {
        query: { newKeyName },
      }),
    /** DELETE with the array of keys as its JSON body. */
    deleteContainerI18nKeys: (appId: string, containerName: string, keys: string[]): Promise<UiAnswer> =>
      request.delete(`${box(appId, containerName)}/i18n/key`, keys),
    /** A multipart PUT with the icon in field `favicon`. */
    uploadContainerFavicon: (appId: string, containerName: string, favicon: UiFile | FormData): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/favicon`, multipart({}, 'favicon', favicon)),
    removeContainerFavicon: (appId: string, containerName: string): Promise<UiAnswer> =>
      request.delete(`${box(appId, containerName)}/favicon`),
    updateContainerViewport: (appId: string, containerName: string, viewport: unknown): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/viewport`, viewport),
    updateContainerMetaTags: (appId: string, containerName: string, metaTags: unknown): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/meta-tags`, metaTags),
    /** Sent as `{data}`. */
    updateContainerCustomHeadContent: (appId: string, containerName: string, data: string): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/custom-head-content`, { data }),
    updateContainerExternalLibraries: (
      appId: string,
      containerName: string,
      externalLibraries: unknown,
    ): Promise<UiAnswer> => request.put(`${box(appId, containerName)}/external-libraries`, externalLibraries),
    updateContainerPWASettings: (appId: string, containerName: string, settings: UiBody): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/pwa/settings`, settings),
    /** A multipart PUT with the icon in field `file`. */
    updateContainerPWAIcon: (appId: string, containerName: string, file: UiFile | FormData): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/pwa/icon`, multipart({}, 'file', file)),

    /** The remote theme catalogue (empty when the server is offline). */
    searchThemes: (appId: string): Promise<UiAnswer> => request.get(lib(appId, 'remote/themes')),
    loadThemes: (appId: string): Promise<UiAnswer> => request.get(lib(appId, 'themes')),
    createTheme: (appId: string, theme: UiBody): Promise<UiAnswer> => request.post(lib(appId, 'themes'), theme),
    updateTheme: (appId: string, themeId: string, theme: UiBody): Promise<UiAnswer> =>
      request.put(lib(appId, `themes/${segment(themeId)}`), theme),
    deleteTheme: (appId: string, themeId: string): Promise<UiAnswer> =>
      request.delete(lib(appId, `themes/${segment(themeId)}`)),
    publishTheme: (appId: string, themeId: string, data?: UiBody): Promise<UiAnswer> =>
      request.post(lib(appId, `themes/${segment(themeId)}/publish`), data),
    loadThemeStyle: (appId: string, themeId: string): Promise<UiAnswer> =>
      request.get(lib(appId, `themes/${segment(themeId)}/style`)),
    /** Sent as `{content}`. */
    updateThemeStyle: (appId: string, themeId: string, content: string): Promise<UiAnswer> =>
      request.put(lib(appId, `themes/${segment(themeId)}/style`), { content }),
  };
}
