import { Link } from 'react-router';
import { ActionIcon, Badge, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCopyPlus,
  IconDeviceFloppy,
  IconList,
  IconPlayerPause,
  IconPlayerPlay,
  IconChecklist,
  IconBug,
  IconFileText,
  IconChartBar,
} from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import type { LifecycleAction } from '../api/flows.queries';
import { VersionStatusBadge } from './VersionStatusBadge';

interface Props {
  version: FlowVersion;
  siblings: FlowVersion[];
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  saving: boolean;
  onSave: () => void;
  onPickVersion: (versionId: string) => void;
  instancesTo: string;
  testing: boolean;
  onToggleTesting: () => void;
  lifecycleBusy: boolean;
  onLifecycle: (action: LifecycleAction) => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl';

/**
 * Version picker, status, undo and redo, Validate and Save, and what the status allows next. The
 * server validates on every save (an invalid version is still saved, as INVALID), so Validate saves
 * the draft and shows the problems; with nothing changed it only shows them.
 */
export function EditorTopBar({
  version: v,
  siblings,
  dirty,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  saving,
  onSave,
  onPickVersion,
  instancesTo,
  testing,
  onToggleTesting,
  lifecycleBusy,
  onLifecycle,
}: Props) {
  const readOnly = v.status === 'LIVE' || v.status === 'PAUSED';
  return (
    <Group justify="space-between" wrap="nowrap" mb="xs" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fw={600} size="lg" truncate>
          {v.name}
        </Text>
        <Select
          aria-label="Version"
          size="xs"
          w={150}
          allowDeselect={false}
          value={v.id}
          data={siblings
            .slice()
            .sort((a, b) => b.versionNumber - a.versionNumber)
            .map((s) => ({
              value: s.id,
              label: `v${s.versionNumber} · ${s.status === 'NOT_READY' ? 'INVALID' : s.status}`,
            }))}
          onChange={(id) => id && id !== v.id && onPickVersion(id)}
        />
        <span data-testid="version-status" style={{ flexShrink: 0 }}>
          <VersionStatusBadge version={v} />
        </span>
        {dirty && (
          <Badge variant="outline" color="gray" radius="sm" style={{ flexShrink: 0 }}>
            Unsaved
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {!readOnly && (
          <>
            <Tooltip label={`Undo (${MOD}+Z)`}>
              <ActionIcon variant="default" size="lg" aria-label="Undo" disabled={!canUndo} onClick={onUndo}>
                <IconArrowBackUp size={18} stroke={1.5} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={`Redo (${MOD}+Shift+Z)`}>
              <ActionIcon variant="default" size="lg" aria-label="Redo" disabled={!canRedo} onClick={onRedo}>
                <IconArrowForwardUp size={18} stroke={1.5} />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="default"
              leftSection={<IconChecklist size={18} stroke={1.5} />}
              onClick={onSave}
              loading={saving && !dirty}
            >
              Validate
            </Button>
            <Tooltip label={`${MOD}+S`}>
              <Button
                leftSection={<IconDeviceFloppy size={18} stroke={1.5} />}
                onClick={onSave}
                loading={saving}
                variant={dirty ? 'filled' : 'default'}
              >
                Save
              </Button>
            </Tooltip>
          </>
        )}
        {v.status === 'LIVE' && (
          <Button
            variant="default"
            leftSection={<IconPlayerPause size={18} stroke={1.5} />}
            loading={lifecycleBusy}
            onClick={() => onLifecycle('pause')}
          >
            Pause
          </Button>
        )}
        {(v.status === 'READY' || v.status === 'PAUSED') && (
          <Tooltip label="Save your changes first" disabled={!dirty}>
            <Button
              color="green"
              leftSection={<IconPlayerPlay size={18} stroke={1.5} />}
              disabled={dirty}
              loading={lifecycleBusy}
              onClick={() => onLifecycle('enable')}
            >
              Enable
            </Button>
          </Tooltip>
        )}
        {readOnly && (
          <Button
            leftSection={<IconCopyPlus size={18} stroke={1.5} />}
            loading={lifecycleBusy}
            onClick={() => onLifecycle('newVersion')}
          >
            Create new version to edit
          </Button>
        )}
        <Button
          variant={testing ? 'light' : 'default'}
          leftSection={<IconBug size={18} stroke={1.5} />}
          aria-pressed={testing}
          onClick={onToggleTesting}
        >
          Test mode
        </Button>
        {(
          [
            ['Instances', instancesTo, IconList],
            ['Logs', instancesTo.replace(/\/instances$/, '/logs'), IconFileText],
            ['Metrics', instancesTo.replace(/\/instances$/, '/metrics'), IconChartBar],
          ] as const
        ).map(([label, to, Icon]) => (
          <Tooltip key={label} label={label}>
            <ActionIcon variant="subtle" size="lg" component={Link} to={to} aria-label={label}>
              <Icon size={20} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
    </Group>
  );
}
