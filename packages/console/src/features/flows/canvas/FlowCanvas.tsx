import { useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type Edge,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useComputedColorScheme } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { PALETTE_DRAG_TYPE } from '../palette-drag';
import { connect, edgeId, moveElements, type FlowDraft, type Point } from '../flow-draft';
import { ElementNode, type ElementNodeType, type StepLook } from './ElementNode';
import classes from './FlowCanvas.module.css';

export interface FlowCanvasProps {
  draft: FlowDraft;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Problems by element id, from the version's validation. */
  problems?: ReadonlyMap<string, string[]>;
  /** Read-only canvases (a LIVE version, an instance) neither move nor connect. */
  readOnly?: boolean;
  /** A change the developer made on the canvas (a move, a new edge): one undo step each. */
  onChange?: (next: FlowDraft) => void;
  /** A palette item dropped at a point of the flow. */
  onDropElement?: (type: string, at: Point) => void;
  /** Delete pressed with an edge selected. */
  onDeleteEdge?: (edge: { from: string; port: string }) => void;
  /** The instance shown: how each element fared, and the transitions it took. */
  steps?: ReadonlyMap<string, StepLook>;
  /** Changes whenever the canvas should bring the selected element into view (a click on its problem). */
  focusSignal?: number;
}

const nodeTypes = { element: ElementNode };
/** Fitting never zooms past 100 %: a small flow stays readable size instead of filling the screen. */
const FIT = { padding: 0.2, maxZoom: 1 };

function Canvas({
  draft,
  selectedId,
  onSelect,
  problems,
  readOnly = false,
  onChange,
  onDropElement,
  onDeleteEdge,
  steps,
  focusSignal,
}: FlowCanvasProps) {
  const flow = useReactFlow();
  const scheme = useComputedColorScheme('light');
  const [nodes, setNodes] = useState<ElementNodeType[]>([]);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);

  // The draft is the truth; the canvas keeps what React Flow measured and where a drag is now.
  useEffect(() => {
    setNodes((prev) => {
      const before = new Map(prev.map((n) => [n.id, n]));
      return draft.elements.map((element) => ({
        id: element.id,
        type: 'element',
        position: element.position ?? { x: 0, y: 0 },
        data: {
          element,
          problems: problems?.get(element.id) ?? [],
          step: steps?.get(element.id),
          usedPorts: draft.transitions.filter((t) => t.from === element.id).map((t) => t.port),
        },
        selected: element.id === selectedId,
        measured: before.get(element.id)?.measured,
        ariaLabel: `${element.name}${steps?.get(element.id) ? `, ${steps.get(element.id)!.toLowerCase().replace('_', ' ')}` : ''}`,
      }));
    });
  }, [draft, problems, steps, selectedId]);

  const edges = useMemo<Edge[]>(
    () =>
      draft.transitions.map((t) => {
        const taken = steps
          ? steps.has(t.from) && steps.get(t.to) !== undefined && steps.get(t.to) !== 'NOT_RUN'
          : false;
        const dimmed = steps && !taken;
        const stroke = taken
          ? 'var(--mantine-color-green-7)'
          : t.port === 'error'
            ? 'var(--mantine-color-red-5)'
            : 'var(--mantine-color-gray-6)';
        return {
          id: edgeId(t),
          source: t.from,
          sourceHandle: t.port,
          target: t.to,
          type: 'smoothstep',
          label: t.port === 'out' ? undefined : t.port,
          selected: edgeId(t) === selectedEdge,
          animated: taken,
          style: { stroke, strokeWidth: taken || edgeId(t) === selectedEdge ? 2.5 : 1.5, opacity: dimmed ? 0.4 : 1 },
          markerEnd: { type: MarkerType.ArrowClosed, color: stroke },
        };
      }),
    [draft.transitions, steps, selectedEdge],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<ElementNodeType>[]) => {
      setNodes((ns) => applyNodeChanges(changes, ns));
      // A finished drag is one change of the draft (and one undo step), not one per mouse move.
      const moved = new Map<string, Point>();
      for (const c of changes)
        if (c.type === 'position' && c.dragging === false && c.position) moved.set(c.id, c.position);
      if (moved.size && onChange) onChange(moveElements(draft, moved));
      for (const c of changes)
        if (c.type === 'select' && c.selected) {
          onSelect(c.id);
          setSelectedEdge(null);
        }
    },
    [draft, onChange, onSelect],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      if (onChange && c.source && c.target) onChange(connect(draft, c.source, c.sourceHandle ?? 'out', c.target));
    },
    [draft, onChange],
  );

  useEffect(() => {
    if (focusSignal && selectedId) void flow.fitView({ nodes: [{ id: selectedId }], maxZoom: 1.2, duration: 200 });
  }, [focusSignal]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new signal moves the view

  useHotkeys([
    ['f', () => void flow.fitView({ ...FIT, duration: 200 })],
    [
      'Delete',
      () => {
        if (!selectedEdge || readOnly) return;
        const t = draft.transitions.find((x) => edgeId(x) === selectedEdge);
        if (t) onDeleteEdge?.(t);
        setSelectedEdge(null);
      },
    ],
  ]);

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_DRAG_TYPE);
    if (!type || !onDropElement) return;
    event.preventDefault();
    const p = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    onDropElement(type, { x: p.x - 100, y: p.y - 24 });
  };

  return (
    <div className={classes.canvas} onDrop={onDrop} onDragOver={(e) => e.preventDefault()}>
      <ReactFlow<ElementNodeType, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onConnect={onConnect}
        onPaneClick={() => {
          onSelect(null);
          setSelectedEdge(null);
        }}
        onEdgeClick={(_, edge) => {
          setSelectedEdge(edge.id);
          onSelect(null);
        }}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        edgesFocusable={!readOnly}
        elementsSelectable
        deleteKeyCode={null}
        colorMode={scheme}
        fitView
        fitViewOptions={FIT}
        minZoom={0.2}
        maxZoom={2}
        aria-label={readOnly ? 'Flow (read-only)' : 'Flow canvas'}
      >
        <Background gap={16} />
        <Controls showInteractive={false} fitViewOptions={FIT} />
        <MiniMap pannable zoomable ariaLabel="Flow overview" style={{ width: 140, height: 90 }} />
      </ReactFlow>
    </div>
  );
}

/** The flow drawn with React Flow; loaded on its own (React.lazy) so no other screen pays for it. */
export default function FlowCanvas(props: FlowCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}
