import { IconFile, IconFileText, IconFileTypePdf, IconFileZip, IconFolderFilled, IconPhoto } from '@tabler/icons-react';
import type { FileEntry } from '@basalt/shared';
import { fileKind } from '../file-paths';

/** The icon of a listing row: folders filled in the primary colour, files by what they hold. */
export function FileIcon({ entry, size = 16 }: { entry: Pick<FileEntry, 'name' | 'type'>; size?: number }) {
  if (entry.type === 'DIRECTORY')
    return (
      <IconFolderFilled size={size} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flexShrink: 0 }} />
    );
  const props = { size, stroke: 1.5, 'aria-hidden': true, style: { flexShrink: 0 } } as const;
  switch (fileKind(entry.name)) {
    case 'image':
      return <IconPhoto {...props} />;
    case 'text':
      return <IconFileText {...props} />;
    case 'pdf':
      return <IconFileTypePdf {...props} />;
    case 'archive':
      return <IconFileZip {...props} />;
    default:
      return <IconFile {...props} />;
  }
}
