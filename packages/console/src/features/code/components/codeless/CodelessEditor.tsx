import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, Center, Code, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import {
  CODELESS_BLOCKS,
  CodelessError,
  codelessToolbox,
  generateCodeless,
  type CodelessKind,
  type CodelessState,
} from '@basalt/shared';

// Blockly is large: it loads the first time a codeless editor opens, never with the console.
const BlocklyWorkspace = lazy(() => import('./BlocklyWorkspace'));

/** A problem pointing at a block: from the preview's generator or from the server's answer. */
export interface BlockProblem {
  message: string;
  blockId?: string;
  blockType?: string;
}

export interface CodelessEditorProps {
  kind: CodelessKind;
  /** Names of the inputs the "parameter" block offers (a method's parameters, a function's inputs). */
  params?: string[];
  /** The blocks the editor starts with; give the editor a new `key` to load others. */
  initial: CodelessState;
  /** Each change of the blocks (debounced). */
  onChange?: (state: CodelessState) => void;
  /** An error the server answered for these blocks, shown at its block. */
  serverProblem?: BlockProblem | null;
  /** Toolbox to use instead of the kind's standard one (e.g. with the app's functions added). */
  toolbox?: Record<string, unknown>;
  height?: number;
  label: string;
}

/** What the server will run, generated the way the server generates it, or why it cannot be. */
export function previewOf(
  state: CodelessState,
  kind: CodelessKind,
  params: string[] | undefined,
): { code: string; problem: null } | { code: null; problem: BlockProblem } {
  try {
    return { code: generateCodeless(state, { kind, params }).body, problem: null };
  } catch (error) {
    if (error instanceof CodelessError) {
      return { code: null, problem: { message: error.message, blockId: error.blockId, blockType: error.blockType } };
    }
    return { code: null, problem: { message: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * The codeless editor: Blockly on the left (mouse or keyboard: `T` opens the toolbox, `/` lists the
 * keys), and on the right the JavaScript the server will generate from the same blocks, with the
 * same function, so what the preview shows is what runs.
 */
export function CodelessEditor({
  kind,
  params,
  initial,
  onChange,
  serverProblem,
  toolbox,
  height = 560,
  label,
}: CodelessEditorProps) {
  const [state, setState] = useState(initial);
  const paramKey = (params ?? []).join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- params compared by value
  const preview = useMemo(() => previewOf(state, kind, params), [state, kind, paramKey]);
  const standardToolbox = useMemo(() => codelessToolbox(kind), [kind]);
  const problem = preview.problem ?? serverProblem ?? null;
  // The block at fault is marked (warning, selected, scrolled to) when the server refused it, or
  // when the developer asks ("Show the block"). Preview errors alone do not mark it: blocks are
  // incomplete for a moment while being joined, and a warning icon appearing and going would
  // resize them and move the view under the developer's hand.
  const [revealed, setRevealed] = useState<{ blockId: string; n: number } | null>(null);
  const fromServer = !preview.problem && !!serverProblem;
  const reveal = fromServer || (problem?.blockId !== undefined && revealed?.blockId === problem.blockId);
  const mark = useMemo(
    () =>
      problem?.blockId && reveal ? { blockId: problem.blockId, message: problem.message, n: revealed?.n ?? 0 } : null,
    [problem?.blockId, problem?.message, reveal, revealed?.n],
  );

  return (
    <Stack gap="xs">
      <Group align="stretch" gap="sm" wrap="nowrap">
        <Box
          style={{
            flex: 1,
            minWidth: 0,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
          }}
        >
          <Suspense
            fallback={
              <Center h={height} aria-label="Loading the block editor">
                <Loader size="sm" />
              </Center>
            }
          >
            <BlocklyWorkspace
              initial={initial}
              blocks={CODELESS_BLOCKS}
              toolbox={toolbox ?? standardToolbox}
              onChange={(next) => {
                setState(next);
                onChange?.(next);
              }}
              mark={mark}
              height={height}
              label={label}
            />
          </Suspense>
        </Box>
        <Paper
          withBorder
          radius="sm"
          w={360}
          style={{ flexShrink: 0, display: 'flex', flexDirection: 'column' }}
          component="section"
          aria-label="Generated code"
        >
          <Group
            justify="space-between"
            px="sm"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" fw={600}>
              Generated code
            </Text>
            <Text size="xs" c="dimmed">
              read-only
            </Text>
          </Group>
          <ScrollArea h={height - 36} type="auto">
            {problem && (
              <Alert color="red" variant="light" role="alert" title="These blocks cannot run yet" m="xs" p="xs">
                <Text size="sm">{problem.message}</Text>
                {problem.blockId && (
                  <Group gap="xs" mt={4}>
                    <Text size="xs" c="dimmed" className="mono">
                      {problem.blockType ? `${problem.blockType} ` : ''}
                      {problem.blockId}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() =>
                        problem.blockId && setRevealed({ blockId: problem.blockId, n: (revealed?.n ?? 0) + 1 })
                      }
                    >
                      Show the block
                    </Button>
                  </Group>
                )}
              </Alert>
            )}
            {preview.code !== null && (
              <Code
                block
                data-testid="codeless-preview"
                style={{
                  background: 'transparent',
                  fontSize: 12,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontVariantLigatures: 'none',
                }}
              >
                {preview.code || '// No blocks under the entry block yet.'}
              </Code>
            )}
          </ScrollArea>
        </Paper>
      </Group>
      <Text size="xs" c="dimmed">
        Keyboard: click the canvas or Tab to it, <span className="mono">T</span> opens the toolbox, arrows move, Enter
        places a block, <span className="mono">/</span> lists every key.
      </Text>
    </Stack>
  );
}
