import { memo, useRef, useSyncExternalStore } from 'react';
import { builtinComponent } from '../model/components';
import { useIsSelected, useNode, useNodeIssues } from '../model/editor-store';
import { DRAG_MOVE, isEditorDrag, placeFor, useDropPlace } from './drag';
import { useEditor } from './editor-context';
import { NodePreview } from './NodePreview';
import classes from './canvas.module.css';

/**
 * One node on the canvas. Memoized by uid and subscribed to its own entry of the normalized
 * store: editing a property re-renders this node only, whatever the size of the page.
 */
export const CanvasNode = memo(function CanvasNode({ uid }: { uid: string }) {
  const { store, hints, tables, drop } = useEditor();
  const node = useNode(store, uid);
  const selected = useIsSelected(store, uid);
  const issues = useNodeIssues(store, uid);
  const place = useDropPlace(hints, uid);
  const dataSources = useSyncExternalStore(store.subscribe, () => store.state.dataSources);
  const ref = useRef<HTMLDivElement>(null);
  if (!node) return null;
  const def = builtinComponent(node.type);
  const container = !!def?.container;
  const hidden = node.visible === false;

  return (
    <div
      ref={ref}
      className={classes.node}
      data-uid={uid}
      data-selected={selected || undefined}
      data-invalid={issues.length > 0 || undefined}
      data-drop={place ?? undefined}
      data-hidden={hidden || undefined}
      role="group"
      aria-label={`${def?.name ?? node.type} ${uid}`}
      draggable
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData(DRAG_MOVE, uid);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragEnd={() => hints.set(null)}
      onDragOver={(e) => {
        if (!isEditorDrag(e)) return;
        e.preventDefault();
        e.stopPropagation();
        hints.set({ uid, place: placeFor(e, ref.current!, container) });
      }}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        const hint = hints.current ?? { uid, place: 'after' as const };
        hints.set(null);
        drop(hint, e.dataTransfer);
      }}
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        store.select(uid);
      }}
    >
      {selected && <span className={classes.tag}>{def?.name ?? node.type}</span>}
      <NodePreview node={node} dataSources={dataSources} tables={tables}>
        {node.childIds.map((c) => (
          <CanvasNode key={c} uid={c} />
        ))}
      </NodePreview>
      {issues.length > 0 && (
        <div className={classes.issue} role="alert">
          {issues.join(' · ')}
        </div>
      )}
    </div>
  );
});
