import { useState } from 'react';
import { Select, Stack, TextInput } from '@mantine/core';
import { useDataValidators } from '../../api/tables.queries';

const NONE = 'none';
const CUSTOM = 'custom';

interface Props {
  /** The column's expression; empty for none. */
  value: string;
  onChange: (regex: string) => void;
  /** The server's refusal of the expression, shown under the text field or the select. */
  error?: string;
}

/**
 * The column editor's "Validator": none, one of the server's predefined validators, or a custom
 * regular expression. A predefined pick stores its expression, so a column shows the name back
 * only while its expression is the predefined one.
 */
export function ValidatorField({ value, onChange, error }: Props) {
  const { data: validators = [], isLoading } = useDataValidators();
  // "Custom" stays picked while its text is empty or happens to equal a predefined expression.
  const [custom, setCustom] = useState(false);
  const predefined = validators.find((v) => v.regex === value);
  const selected = custom ? CUSTOM : predefined ? predefined.name : value ? CUSTOM : NONE;
  // The server's refusal is about the expression it was sent: once the expression changes it goes.
  const [seen, setSeen] = useState({ error, value });
  if (seen.error !== error) setSeen({ error, value });
  const shown = error && seen.value === value ? error : undefined;

  const pick = (next: string | null) => {
    if (next === CUSTOM) return setCustom(true);
    setCustom(false);
    onChange(validators.find((v) => v.name === next)?.regex ?? '');
  };

  return (
    <Stack gap={6}>
      <Select
        label="Validator"
        description={predefined ? `Values must look like ${predefined.example}` : 'Values written to this column must match it; empty values are allowed unless the column is required'}
        data={[
          { value: NONE, label: 'None' },
          ...validators.map((v) => ({ value: v.name, label: v.title })),
          { value: CUSTOM, label: 'Custom regular expression' },
        ]}
        value={selected}
        onChange={pick}
        allowDeselect={false}
        disabled={isLoading}
        error={selected !== CUSTOM ? shown : undefined}
      />
      {selected === CUSTOM && (
        <TextInput
          label="Regular expression"
          description="RE2 syntax, matched against the whole value, e.g. [A-Z]{2}-[0-9]{4}. Lookarounds and back-references are not supported."
          classNames={{ input: 'mono' }}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={shown}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Stack>
  );
}
