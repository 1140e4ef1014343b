import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const COLOR_SCHEME_STORAGE = 'basalt.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE });

const sans = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const mono = '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** The console's one theme (docs/console-screens.md › Look): indigo primary, neutral elsewhere, 4 px spacing base. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 4 },
  fontFamily: sans,
  fontFamilyMonospace: mono,
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  spacing: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px' },
  headings: {
    fontFamily: sans,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '20px', lineHeight: '1.4' },
      h2: { fontSize: '16px', lineHeight: '1.4' },
      h3: { fontSize: '14px', lineHeight: '1.4' },
    },
  },
  components: {
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    Modal: { defaultProps: { centered: true } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
  },
});

// Dimmed text keeps 4.5:1 contrast in both schemes (the default light grey falls short on white).
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: { '--mantine-color-dimmed': t.colors.dark[1] },
});
