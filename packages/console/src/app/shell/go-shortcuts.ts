/** Second key after `G` for each area (docs/console-screens.md › Keyboard); shown in the palette too. */
export const goKeys: Record<string, string> = {
  overview: 'o',
  data: 'd',
  users: 'u',
  security: 's',
  files: 'f',
  messaging: 'm',
  code: 'c',
  flows: 'w',
  ui: 'i',
  analytics: 'a',
  audit: 'l',
  team: 't',
  settings: 'e',
  billing: 'b',
};
