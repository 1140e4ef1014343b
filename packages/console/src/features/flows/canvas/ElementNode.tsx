import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconCircleX } from '@tabler/icons-react';
import type { FlowElement } from '@basalt/shared';
import { elementKind, isTrigger, portsOf } from '../element-catalog';
import { ElementIcon } from '../components/ElementIcon';
import classes from './FlowCanvas.module.css';

/** How an element fared in the instance shown: never colour alone, each has its icon and word. */
export type StepLook = 'SUCCEEDED' | 'FAILED' | 'NOT_RUN';

export type ElementNodeData = {
  element: FlowElement;
  problems: string[];
  step?: StepLook;
  /** Ports that have a transition: a parallel element grows a branch as its branches fill. */
  usedPorts: string[];
};
export type ElementNodeType = Node<ElementNodeData, 'element'>;

const STEP = {
  SUCCEEDED: { icon: IconCircleCheck, word: 'succeeded', className: classes.succeeded },
  FAILED: { icon: IconCircleX, word: 'failed', className: classes.failed },
  NOT_RUN: { icon: IconCircleDashed, word: 'not run', className: classes.notRun },
} as const;

/** One element on the canvas: a way in on top (triggers have none), one handle per port below. */
export const ElementNode = memo(function ElementNode({ data, selected }: NodeProps<ElementNodeType>) {
  const { element, problems, step, usedPorts } = data;
  const kind = elementKind(element.type);
  const ports = portsOf(element.type, element.config, usedPorts);
  const look = step ? STEP[step] : undefined;
  const StepIcon = look?.icon;
  return (
    <div
      className={[
        classes.node,
        selected ? classes.selected : '',
        problems.length ? classes.invalid : '',
        look?.className ?? '',
      ].join(' ')}
      data-testid={`flow-node-${element.id}`}
      data-step={step}
    >
      {!isTrigger(element.type) && <Handle type="target" position={Position.Top} className={classes.handle} />}
      <Group gap={8} wrap="nowrap" align="flex-start">
        <ElementIcon type={element.type} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" c="dimmed" lh={1.2}>
            {kind.label}
          </Text>
          <Text size="sm" fw={600} truncate lh={1.3}>
            {element.name || '(no name)'}
          </Text>
        </div>
        {problems.length > 0 && (
          <IconAlertTriangle
            size={16}
            stroke={1.5}
            color="var(--mantine-color-red-6)"
            aria-label={`${problems.length} problem${problems.length === 1 ? '' : 's'}`}
          />
        )}
        {StepIcon && <StepIcon size={18} stroke={1.8} aria-label={look.word} className={classes.stepIcon} />}
      </Group>
      {ports.length > 0 && (
        <div className={classes.ports} aria-hidden>
          {ports.map((port, i) => (
            <span
              key={port}
              className={classes.port}
              data-port={port}
              style={{ left: `${((i + 1) / (ports.length + 1)) * 100}%` }}
            >
              {port}
            </span>
          ))}
        </div>
      )}
      {ports.map((port, i) => (
        <Handle
          key={port}
          id={port}
          type="source"
          position={Position.Bottom}
          className={`${classes.handle} ${port === 'error' ? classes.errorHandle : ''}`}
          style={{ left: `${((i + 1) / (ports.length + 1)) * 100}%` }}
        />
      ))}
    </div>
  );
});
