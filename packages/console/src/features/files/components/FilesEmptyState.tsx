import { Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolderOpen, IconUpload } from '@tabler/icons-react';

interface Props {
  appId: string;
  folder: string;
  searching: boolean;
  onUpload: () => void;
  onNewFolder: () => void;
}

/** An empty folder (or a search that found nothing): what lives here and how to put it there. */
export function FilesEmptyState({ appId, folder, searching, onUpload, onNewFolder }: Props) {
  if (searching) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text size="sm" c="dimmed" ta="center">
          No file or folder here matches the pattern.
        </Text>
      </Paper>
    );
  }
  const target = folder ? `${folder}/` : '';
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md" maw={560} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconFolderOpen size={26} stroke={1.5} />
        </ThemeIcon>
        <Title order={2}>{folder ? 'This folder is empty' : 'No files yet'}</Title>
        <Text size="sm" c="dimmed" ta="center">
          Files hold what your app serves and stores: images, documents, exports. Drop files or whole folders here, or
          upload them from your app with its API key.
        </Text>
        <Group gap="sm">
          <Button leftSection={<IconUpload size={18} stroke={1.5} />} onClick={onUpload}>
            Upload files
          </Button>
          <Button variant="default" onClick={onNewFolder}>
            New folder
          </Button>
        </Group>
        <Code
          block
          w="100%"
        >{`curl -F "file=@photo.png" \\\n  ${window.location.origin}/${appId}/<API key>/files/${target}photo.png`}</Code>
      </Stack>
    </Paper>
  );
}
