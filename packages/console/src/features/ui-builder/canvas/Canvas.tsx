import { useSyncExternalStore } from 'react';
import { CanvasNode } from './CanvasNode';
import { isEditorDrag, useDropPlace } from './drag';
import { useEditor } from './editor-context';
import classes from './canvas.module.css';

export const VIEWPORTS = { desktop: null, tablet: 768, phone: 390 } as const;
export type Viewport = keyof typeof VIEWPORTS;

/**
 * The page as it will look, at the chosen preview width. The top level is itself a drop target
 * (dropping on empty space appends to the page).
 */
export default function Canvas({ viewport }: { viewport: Viewport }) {
  const { store, hints, drop } = useEditor();
  const rootIds = useSyncExternalStore(store.subscribe, () => store.state.rootIds);
  const rootDrop = useDropPlace(hints, null);
  const width = VIEWPORTS[viewport];
  return (
    <div className={classes.stage} onClick={() => store.select(null)}>
      <div
        className={classes.page}
        style={{ width: width ?? '100%' }}
        data-viewport={viewport}
        data-drop={rootDrop ?? undefined}
        aria-label="Page canvas"
        onDragOver={(e) => {
          if (!isEditorDrag(e)) return;
          e.preventDefault();
          hints.set({ uid: null, place: 'inside' });
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target) hints.set(null);
        }}
        onDrop={(e) => {
          e.preventDefault();
          hints.set(null);
          drop({ uid: null, place: 'inside' }, e.dataTransfer);
        }}
      >
        {rootIds.length === 0 ? (
          <div className={classes.emptyPage}>Drag components here from the palette, or press a palette button.</div>
        ) : (
          rootIds.map((uid) => <CanvasNode key={uid} uid={uid} />)
        )}
      </div>
    </div>
  );
}
