import type { ReactNode, RefObject } from 'react';
import { Box, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconUpload } from '@tabler/icons-react';

interface Props {
  folder: string;
  onFiles: (files: File[]) => void;
  /** Filled with the function that opens the file picker (the Upload button, Mod+U). */
  openRef: RefObject<(() => void) | null>;
  children: ReactNode;
}

/** The listing accepts dropped files and folders; a banner says where they will land. */
export function FilesDropzone({ folder, onFiles, openRef, children }: Props) {
  return (
    <Dropzone
      onDrop={onFiles}
      openRef={openRef}
      activateOnClick={false}
      activateOnKeyboard={false}
      enablePointerEvents
      multiple
      // Any type may be stored; the size limit is the server's, which answers 413 past it.
      maxSize={Infinity}
      styles={{ root: { padding: 0, border: 0, backgroundColor: 'transparent', position: 'relative', cursor: 'default', userSelect: 'auto' }, inner: { userSelect: 'auto' } }}
      inputProps={{ 'aria-label': 'Upload files' }}
    >
      {children}
      <Dropzone.Accept>
        <Box
          pos="absolute"
          inset={0}
          style={{ zIndex: 3, border: '2px dashed var(--mantine-primary-color-filled)', borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-primary-color-light)', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
        >
          <Stack align="center" gap="xs">
            <IconUpload size={32} stroke={1.5} color="var(--mantine-primary-color-filled)" />
            <Text fw={600}>Drop to upload into /{folder}</Text>
          </Stack>
        </Box>
      </Dropzone.Accept>
    </Dropzone>
  );
}
