import { useEffect, useState } from 'react';
import { Textarea } from '@mantine/core';

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

/**
 * A JSON value edited as text: checked when the field is left, kept only when it parses (and is an
 * object when `object` is set), so a half-typed value never reaches the draft.
 */
export function JsonField({
  label,
  description,
  value,
  onChange,
  object = true,
  optional = false,
  readOnly,
  onFocus,
}: {
  label: string;
  description?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  object?: boolean;
  optional?: boolean;
  readOnly?: boolean;
  onFocus?: () => void;
}) {
  const [text, setText] = useState(show(value));
  const [error, setError] = useState<string | null>(null);
  // Undo, redo or another element: show what the draft holds now.
  useEffect(() => {
    setText(show(value));
    setError(null);
  }, [value]);

  const check = () => {
    if (!text.trim() && optional) {
      setError(null);
      if (value !== undefined) onChange(undefined);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (object && (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))) {
        setError('Write a JSON object, e.g. {"status": "big"}');
        return;
      }
      setError(null);
      if (JSON.stringify(parsed) !== JSON.stringify(value)) onChange(parsed);
    } catch (e) {
      setError(`Not valid JSON: ${(e as Error).message}`);
    }
  };

  return (
    <Textarea
      label={label}
      description={description}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={check}
      onFocus={onFocus}
      error={error}
      autosize
      minRows={2}
      maxRows={10}
      readOnly={readOnly}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
    />
  );
}
