import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';

/** The page area; `id="main"` is where "Skip to content" lands. */
export function MainContent({ children }: { children: ReactNode }) {
  return (
    <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
      <div style={{ padding: 24, maxWidth: 1440 }}>{children}</div>
    </AppShell.Main>
  );
}
