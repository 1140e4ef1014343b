import * as Blockly from 'blockly';

/**
 * Blockly themes drawn from the console's Mantine tokens (light and dark), so the workspace sits in
 * the page like the grid and Monaco do instead of looking pasted in (CONSOLE.md › Visual style).
 * Block colours stay Blockly's: developers who know Blockly recognise its categories by them.
 */
const FONT = { family: 'Inter, system-ui, sans-serif', weight: '500', size: 11 };

export const basaltLight = Blockly.Theme.defineTheme('basalt-light', {
  name: 'basalt-light',
  base: Blockly.Themes.Classic,
  fontStyle: FONT,
  componentStyles: {
    workspaceBackgroundColour: '#f8f9fa',
    toolboxBackgroundColour: '#ffffff',
    toolboxForegroundColour: '#212529',
    flyoutBackgroundColour: '#f1f3f5',
    flyoutForegroundColour: '#212529',
    flyoutOpacity: 1,
    scrollbarColour: '#adb5bd',
    scrollbarOpacity: 0.6,
    insertionMarkerColour: '#4c6ef5',
    insertionMarkerOpacity: 0.4,
    selectedGlowColour: '#4c6ef5',
    cursorColour: '#4c6ef5',
  },
});

export const basaltDark = Blockly.Theme.defineTheme('basalt-dark', {
  name: 'basalt-dark',
  base: Blockly.Themes.Classic,
  fontStyle: FONT,
  componentStyles: {
    workspaceBackgroundColour: '#1f1f1f',
    toolboxBackgroundColour: '#2e2e2e',
    toolboxForegroundColour: '#c9c9c9',
    flyoutBackgroundColour: '#262626',
    flyoutForegroundColour: '#c9c9c9',
    flyoutOpacity: 1,
    scrollbarColour: '#696969',
    scrollbarOpacity: 0.6,
    insertionMarkerColour: '#748ffc',
    insertionMarkerOpacity: 0.5,
    selectedGlowColour: '#748ffc',
    cursorColour: '#748ffc',
  },
});
