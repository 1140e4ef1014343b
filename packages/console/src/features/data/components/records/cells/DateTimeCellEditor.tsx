import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, Group, TextInput } from '@mantine/core';
import type { ProvideEditorComponent } from '@glideapps/glide-data-grid';
import { toDateTimeLocalInput } from '../../../data-format';
import { parseDateTimeInput } from './cell-values';
import type { DateTimeCell } from './grid-cells';
import { CellEditorHint } from './CellEditorHint';

/**
 * Inline editor of DATETIME cells: the browser's date and time picker (local time, seconds
 * included), saved as epoch millis. Clear empties the cell when the column accepts null.
 */
export const DateTimeCellEditor: ProvideEditorComponent<DateTimeCell> = ({ value, onChange, onFinishedEditing }) => {
  const original = useRef(value);
  const input = useRef<HTMLInputElement>(null);
  const d = value.data;
  const [text, setText] = useState(() => toDateTimeLocalInput(original.current.data.value));
  const [error, setError] = useState<string | null>(null);
  const opts = { required: d.required, name: d.name };

  const read = () => parseDateTimeInput(input.current?.value ?? text, input.current?.validity.badInput ?? false, opts);
  const withValue = (v: number | null): DateTimeCell => ({ ...value, data: { ...d, value: v } });

  const change = (next: string) => {
    setText(next);
    const parsed = read();
    // Half-typed dates keep the cell's own value pending, so a click outside saves nothing wrong.
    if ('error' in parsed) onChange(original.current);
    else {
      setError(null);
      onChange(withValue(parsed.value));
    }
  };

  const save = (movement: readonly [-1 | 0 | 1, -1 | 0 | 1]) => {
    const parsed = read();
    if ('error' in parsed) return setError(parsed.error);
    onFinishedEditing(withValue(parsed.value), movement);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' && e.key !== 'Tab') return;
    e.preventDefault();
    e.stopPropagation();
    save(e.key === 'Tab' ? [e.shiftKey ? -1 : 1, 0] : [0, 1]);
  };

  return (
    <Box w={300} p={4} onKeyDown={onKeyDown}>
      <TextInput
        ref={input}
        type="datetime-local"
        step={1}
        size="xs"
        aria-label={`${d.name} (date and time)`}
        aria-describedby="cell-editor-hint"
        aria-invalid={error !== null}
        value={text}
        error={error !== null}
        onChange={(e) => change(e.currentTarget.value)}
        autoFocus
        data-testid="cell-editor-datetime"
      />
      <Group justify="space-between" mt={6} wrap="nowrap">
        <CellEditorHint id="cell-editor-hint" error={error} />
        <Group gap={4} wrap="nowrap">
          {!d.required && (
            <Button size="compact-xs" variant="default" onClick={() => onFinishedEditing(withValue(null), [0, 0])}>
              Clear
            </Button>
          )}
          <Button size="compact-xs" onClick={() => save([0, 0])}>
            Save
          </Button>
        </Group>
      </Group>
    </Box>
  );
};
