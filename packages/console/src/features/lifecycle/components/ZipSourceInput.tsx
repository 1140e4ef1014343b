import { useState } from 'react';
import { FileInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconFileZip, IconLink } from '@tabler/icons-react';
import { EMPTY_ZIP_SOURCE, zipSourceOf, type ZipSourceDraft } from '../lifecycle-state';
import type { ZipSource } from '../lifecycle-types';

/** Pick an app ZIP from this computer, or give a URL the server fetches it from. */
export function ZipSourceInput({
  value,
  onChange,
  error,
  hideModePicker,
}: {
  value: ZipSourceDraft;
  onChange: (next: ZipSourceDraft) => void;
  error?: string;
  /** When the caller already asked file or URL (the New app dialog's "Start from"). */
  hideModePicker?: boolean;
}) {
  return (
    <Stack gap="xs">
      {!hideModePicker && (
        <SegmentedControl
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode: mode as ZipSourceDraft['mode'] })}
          data={[
            { value: 'file', label: 'Upload a ZIP' },
            { value: 'url', label: 'From a URL' },
          ]}
          aria-label="Where the ZIP comes from"
          w="fit-content"
        />
      )}
      {value.mode === 'file' ? (
        <FileInput
          label="App ZIP"
          placeholder="Choose an export of a Basalt app"
          accept=".zip,application/zip"
          leftSection={<IconFileZip size={16} stroke={1.5} />}
          value={value.file}
          onChange={(file) => onChange({ ...value, file })}
          clearable
          error={error}
        />
      ) : (
        <TextInput
          label="URL of the ZIP"
          placeholder="https://example.com/backups/shop.zip"
          leftSection={<IconLink size={16} stroke={1.5} />}
          value={value.url}
          onChange={(e) => onChange({ ...value, url: e.currentTarget.value })}
          error={error}
        />
      )}
    </Stack>
  );
}

/**
 * The state of a ZIP source field: `field` goes to `ZipSourceInput`; `check()` answers the source,
 * or shows what is missing under the field and answers nothing; `clear()` empties it.
 */
export function useZipSourceField() {
  const [draft, setDraft] = useState<ZipSourceDraft>(EMPTY_ZIP_SOURCE);
  const [problem, setProblem] = useState<string>();
  return {
    field: {
      value: draft,
      onChange: (next: ZipSourceDraft) => {
        setDraft(next);
        setProblem(undefined);
      },
      error: problem,
    },
    check(): ZipSource | undefined {
      const { source, problem: missing } = zipSourceOf(draft);
      setProblem(missing);
      return source;
    },
    clear() {
      setDraft(EMPTY_ZIP_SOURCE);
      setProblem(undefined);
    },
  };
}
