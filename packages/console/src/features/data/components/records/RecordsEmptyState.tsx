import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFilterOff, IconPlus, IconTable, IconUpload } from '@tabler/icons-react';

/** "No records yet" with the first action and the API call; with a search or filter, "No records match". */
interface Props {
  tableName: string;
  filtered: boolean;
  onNew: () => void;
  onImport: () => void;
  onClear: () => void;
}

export function RecordsEmptyState({ tableName, filtered, onNew, onImport, onClear }: Props) {
  if (filtered) {
    return (
      <Stack align="center" justify="center" h="100%" gap="sm" p="xl">
        <ThemeIcon variant="light" size={44} radius="xl" color="gray">
          <IconFilterOff size={22} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>No records match</Text>
        <Text size="sm" c="dimmed">Nothing in {tableName} fits the search and filter.</Text>
        <Button variant="default" onClick={onClear}>
          Clear search and filter
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" justify="center" h="100%" gap="sm" p="xl">
      <ThemeIcon variant="light" size={44} radius="xl">
        <IconTable size={22} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>No records yet</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        Records of {tableName} appear here. Add one by hand, import a CSV file, or save them from your app through the data API.
      </Text>
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={onNew}>
          New record
        </Button>
        <Button variant="default" leftSection={<IconUpload size={16} stroke={1.5} />} onClick={onImport}>
          Import CSV
        </Button>
      </Group>
    </Stack>
  );
}
