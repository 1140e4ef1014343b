import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, TextInput } from '@mantine/core';
import type { ProvideEditorComponent } from '@glideapps/glide-data-grid';
import { parseNumberText } from './cell-values';
import type { NumberCell } from './grid-cells';
import { CellEditorHint } from './CellEditorHint';

/**
 * Inline editor of INT and DOUBLE cells. Text that is not a number is refused with a message and
 * never reaches the grid's pending value, so neither Enter nor a click outside saves it.
 */
export const NumberCellEditor: ProvideEditorComponent<NumberCell> = ({ value, onChange, onFinishedEditing, initialValue }) => {
  const original = useRef(value);
  const d = value.data;
  const [text, setText] = useState(() => initialValue ?? (original.current.data.value === null ? '' : String(original.current.data.value)));
  const [error, setError] = useState<string | null>(null);
  const opts = { integer: d.integer, required: d.required, name: d.name };

  const change = (next: string) => {
    setText(next);
    const parsed = parseNumberText(next, opts);
    if ('error' in parsed) {
      setError(parsed.error);
      onChange(original.current);
    } else {
      setError(null);
      onChange({ ...value, data: { ...d, value: parsed.value }, copyData: String(parsed.value ?? '') });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' && e.key !== 'Tab') return;
    // Handled here rather than by the grid, which would save whatever it holds.
    e.preventDefault();
    e.stopPropagation();
    const parsed = parseNumberText(text, opts);
    if ('error' in parsed) return setError(parsed.error);
    onFinishedEditing({ ...value, data: { ...d, value: parsed.value } }, e.key === 'Tab' ? [e.shiftKey ? -1 : 1, 0] : [0, 1]);
  };

  return (
    <Box w={220} p={4}>
      <TextInput
        aria-label={`${d.name} (${d.integer ? 'whole number' : 'number'})`}
        aria-describedby="cell-editor-hint"
        aria-invalid={error !== null}
        inputMode={d.integer ? 'numeric' : 'decimal'}
        size="xs"
        value={text}
        error={error !== null}
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => initialValue === undefined && e.currentTarget.select()}
        autoFocus
        classNames={{ input: 'mono' }}
        data-testid="cell-editor-number"
      />
      <CellEditorHint id="cell-editor-hint" error={error} />
    </Box>
  );
};
