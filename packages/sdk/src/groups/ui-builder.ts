import type { GroupContext } from './group-context.js';
import { createUiBuilderContainerMethods } from './ui-builder-containers.js';
import { createUiBuilderPageMethods } from './ui-builder-pages.js';

export type { UiAnswer, UiBody } from './ui-builder-containers.js';
export type { UiFile } from './ui-builder-wire.js';

/**
 * UI Builder (`uiBuilder` group of the reference client, 102 methods): containers and their
 * pages, layouts, components, logic, themes, i18n, settings, backups and publishing. Names,
 * argument order and wire quirks (trailing-slash logic routes, DELETE with bodies, multipart
 * PUTs) are the reference client's.
 */
export function createUiBuilderGroup(g: GroupContext) {
  return { ...createUiBuilderContainerMethods(g), ...createUiBuilderPageMethods(g) };
}

/** The `uiBuilder` group's methods. */
export type UiBuilderGroup = ReturnType<typeof createUiBuilderGroup>;
