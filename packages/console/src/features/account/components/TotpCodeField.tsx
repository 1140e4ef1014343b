import type { Ref } from 'react';
import { TextInput } from '@mantine/core';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A single field for a 6-digit authenticator code; anything but digits is dropped as typed. */
export function TotpCodeField({ value, onChange, error, label = 'Code from your authenticator app', inputRef }: Props) {
  return (
    <TextInput
      ref={inputRef}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      maxLength={6}
      error={error}
      w={220}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
    />
  );
}
