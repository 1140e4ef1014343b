import { Progress, Stack, Text } from '@mantine/core';
import { passwordStrength } from './password-strength';

/** Meter under a new-password field: how hard the password would be to guess, and what would help. */
export function PasswordStrength({ value }: { value: string }) {
  const { score, label, hint } = passwordStrength(value);
  const color = score < 40 ? 'red' : score < 70 ? 'orange' : 'teal';
  return (
    <Stack gap={4} aria-live="polite">
      <Progress value={value ? Math.max(score, 8) : 0} color={color} size="sm" aria-label="Password strength" />
      <Text size="xs" c="dimmed">
        {value ? `${label}. ${hint}` : 'At least 8 characters. Longer is stronger.'}
      </Text>
    </Stack>
  );
}
