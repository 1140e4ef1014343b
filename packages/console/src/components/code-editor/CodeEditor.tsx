import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { CodeEditorProps } from './MonacoCodeEditor';

export type { CodeEditorProps } from './MonacoCodeEditor';

// Monaco is large: it loads the first time an editor opens, not with the console.
const MonacoCodeEditor = lazy(() => import('./MonacoCodeEditor'));

/** A code editor (Monaco) that loads on first use; shows a spinner meanwhile. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 420} aria-label="Loading the editor">
          <Loader size="sm" />
        </Center>
      }
    >
      <MonacoCodeEditor {...props} />
    </Suspense>
  );
}
