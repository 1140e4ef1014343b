import { Input, PinInput, Stack } from '@mantine/core';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onComplete: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  label?: string;
}

/**
 * Six boxes for a one-time code. `autocomplete="one-time-code"` lets phones offer the code, a
 * paste or autofill into any box spreads over all of them, and the last digit submits. Callers
 * remount it (new `key`) to clear it after a wrong code, which also puts focus back on box one.
 * The label points at the first box; `Input.Wrapper` is not used because it would give all six
 * boxes the same id.
 */
export function OtpInput({ value, onChange, onComplete, error, disabled, label = 'Authentication code' }: Props) {
  return (
    <Stack gap={4}>
      <Input.Label htmlFor="otp-code-1">{label}</Input.Label>
      <Input.Description id="otp-code-description">6 digits from your authenticator app</Input.Description>
      <PinInput
        id="otp-code"
        length={6}
        type="number"
        oneTimeCode
        autoFocus
        size="lg"
        placeholder=""
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={!!error}
        disabled={disabled}
        mt={4}
        getInputProps={(index) => ({
          'aria-label': index === 0 ? undefined : `Digit ${index + 1} of 6`,
          'aria-describedby': error ? 'otp-code-description otp-code-error' : 'otp-code-description',
        })}
      />
      {error && (
        <Input.Error id="otp-code-error" role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
