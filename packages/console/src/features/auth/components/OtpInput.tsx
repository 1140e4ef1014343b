import { Input, PinInput } from '@mantine/core';

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
 */
export function OtpInput({ value, onChange, onComplete, error, disabled, label = 'Authentication code' }: Props) {
  return (
    <Input.Wrapper label={label} labelProps={{ htmlFor: 'otp-code-1' }} error={error} description="6 digits from your authenticator app">
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
        mt={6}
        getInputProps={(index) => ({ 'aria-label': index === 0 ? undefined : `Digit ${index + 1} of 6` })}
      />
    </Input.Wrapper>
  );
}
