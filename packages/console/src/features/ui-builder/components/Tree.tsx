import { memo, useSyncExternalStore } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { builtinComponent } from '../model/components';
import { useIsSelected, useNode, useNodeIssues, type EditorStore } from '../model/editor-store';
import { shown } from '../canvas/preview-value';
import classes from './panels.module.css';

const Row = memo(function Row({ store, uid, depth }: { store: EditorStore; uid: string; depth: number }) {
  const node = useNode(store, uid);
  const selected = useIsSelected(store, uid);
  const issues = useNodeIssues(store, uid);
  if (!node) return null;
  const label = node.props?.text ?? node.props?.label ?? node.props?.title;
  return (
    <>
      <UnstyledButton
        role="treeitem"
        aria-selected={selected}
        aria-level={depth + 1}
        className={classes.treeRow}
        data-selected={selected || undefined}
        data-invalid={issues.length > 0 || undefined}
        style={{ paddingLeft: 8 + depth * 14 }}
        onClick={() => store.select(uid)}
        title={issues.join('\n') || undefined}
      >
        <Text span size="sm" fw={500}>
          {builtinComponent(node.type)?.name ?? node.type}
        </Text>
        <Text span size="xs" c="dimmed" ff="monospace" ml={6}>
          {uid}
        </Text>
        {label !== undefined && (
          <Text span size="xs" c="dimmed" ml={6} truncate>
            {shown(label)}
          </Text>
        )}
      </UnstyledButton>
      {node.childIds.map((c) => (
        <Row key={c} store={store} uid={c} depth={depth + 1} />
      ))}
    </>
  );
});

/** The page's component tree: the accessible twin of the canvas (every node is a labelled row). */
export function Tree({ store }: { store: EditorStore }) {
  const rootIds = useSyncExternalStore(store.subscribe, () => store.state.rootIds);
  if (!rootIds.length)
    return (
      <Text size="sm" c="dimmed">
        The page is empty.
      </Text>
    );
  return (
    <div role="tree" aria-label="Component tree">
      {rootIds.map((uid) => (
        <Row key={uid} store={store} uid={uid} depth={0} />
      ))}
    </div>
  );
}
