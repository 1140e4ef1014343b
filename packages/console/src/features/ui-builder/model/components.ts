/**
 * The built-in components (palette entries and the property fields of the panel): the shared
 * registry, the same one `loadSDKComponents` answers and the server validates documents with.
 */
export { BUILTIN_COMPONENTS, builtinComponent, type UiComponentDef, type UiPropertyDef } from '@basalt/shared';
