import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

/** Reads a small text file (service-account JSON, .p8 key) into a field; nothing is uploaded. */
export function LoadTextFile({
  accept,
  onText,
  label,
}: {
  accept: string;
  onText: (text: string) => void;
  label: string;
}) {
  return (
    <FileButton accept={accept} onChange={(file) => void file?.text().then(onText)}>
      {(props) => (
        <Button {...props} variant="subtle" size="compact-sm" leftSection={<IconUpload size={14} />}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
