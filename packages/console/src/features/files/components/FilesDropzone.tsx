import { useEffect, useRef, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { Box, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

interface Props {
  folder: string;
  onFiles: (files: File[]) => void;
  /** Filled with the function that opens the file picker (the Upload button, Mod+U). */
  openRef: RefObject<(() => void) | null>;
  children: ReactNode;
}

/** A dropped file keeps where it sat inside a dropped folder (the upload queue reads `relativePath`). */
type PathedFile = File & { relativePath?: string };

/** Every file under a dropped entry, folders walked to the bottom. */
async function filesOf(entry: FileSystemEntry, prefix = ''): Promise<PathedFile[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return [Object.assign(file, { relativePath: `${prefix}${file.name}` })];
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const out: PathedFile[] = [];
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) out.push(...(await filesOf(child, `${prefix}${entry.name}/`)));
  }
  return out;
}

async function droppedFiles(data: DataTransfer): Promise<File[]> {
  // Entries must be taken while the drop event runs; reading them may come later.
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null));
  if (entries.every((e) => !e)) return [...data.files];
  const lists = await Promise.all(
    entries.map((e, i) => (e ? filesOf(e) : Promise.resolve(data.files[i] ? [data.files[i]!] : []))),
  );
  return lists.flat();
}

/**
 * The listing accepts dropped files and folders; a banner says where they will land. Built on the
 * browser's drag events (no dropzone library: the ones at hand require Node 22 to install).
 */
export function FilesDropzone({ folder, onFiles, openRef, children }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // Enter and leave fire for every child the pointer crosses: count them.
  const depth = useRef(0);

  useEffect(() => {
    openRef.current = () => input.current?.click();
    return () => {
      openRef.current = null;
    };
  }, [openRef]);

  const carriesFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

  return (
    <Box
      pos="relative"
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!carriesFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        void droppedFiles(e.dataTransfer).then((files) => files.length && onFiles(files));
      }}
    >
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Upload files"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
      {children}
      {over && (
        <Box
          pos="absolute"
          inset={0}
          style={{
            zIndex: 3,
            border: '2px dashed var(--mantine-primary-color-filled)',
            borderRadius: 'var(--mantine-radius-md)',
            background: 'var(--mantine-primary-color-light)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          <Stack align="center" gap="xs">
            <IconUpload size={32} stroke={1.5} color="var(--mantine-primary-color-filled)" />
            <Text fw={600}>Drop to upload into /{folder}</Text>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
