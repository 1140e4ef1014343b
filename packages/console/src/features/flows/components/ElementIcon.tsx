import { ThemeIcon } from '@mantine/core';
import {
  IconApi,
  IconArrowsSplit,
  IconClock,
  IconDatabase,
  IconDatabaseEdit,
  IconDatabasePlus,
  IconDatabaseSearch,
  IconFileText,
  IconFlag,
  IconHourglass,
  IconPuzzle,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { elementKind } from '../element-catalog';

const ICONS: Record<string, Icon> = {
  'trigger.data': IconDatabase,
  'trigger.api': IconApi,
  'trigger.schedule': IconClock,
  'control.condition': IconArrowsSplit,
  'control.delay': IconHourglass,
  'control.returnResult': IconFlag,
  'action.createRecord': IconDatabasePlus,
  'action.updateRecord': IconDatabaseEdit,
  'action.findRecords': IconDatabaseSearch,
  'action.http': IconWorldWww,
  'action.log': IconFileText,
};

const COLOURS = { triggers: 'grape', actions: 'indigo', control: 'teal' } as const;

/** The icon of an element type, tinted by its group (triggers, actions, control). */
export function ElementIcon({ type, size = 28 }: { type: string; size?: number }) {
  const Icon = ICONS[type] ?? IconPuzzle;
  return (
    <ThemeIcon size={size} radius="sm" variant="light" color={COLOURS[elementKind(type).group]} aria-hidden>
      <Icon size={size * 0.6} stroke={1.5} />
    </ThemeIcon>
  );
}
