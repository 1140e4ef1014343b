import { Button, Group, PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { ServiceConfigValue } from '@basalt/shared';
import { SECRET_MASK, defaultText, kindOf, type ConfigFieldState } from '../config-form';

interface Props {
  item: ServiceConfigValue;
  state: ConfigFieldState;
  error?: string;
  onChange: (next: ConfigFieldState) => void;
}

/**
 * One configuration item, drawn by its type. A stored secret shows only that it is set: Replace
 * opens an empty field for the new value, Keep returns to the stored one (decision 0046: the server
 * answers secrets masked and never opens them to the console).
 */
export function ConfigField({ item, state, error, onChange }: Props) {
  const kind = kindOf(item);
  const label = item.displayName || item.name;
  const description = [item.hint, defaultText(item)].filter(Boolean).join(' · ') || undefined;
  const common = {
    label,
    description,
    error,
    withAsterisk: !!item.required,
    'data-config-item': item.name,
  };
  const text = typeof state.value === 'string' ? state.value : '';
  const set = (value: string | boolean) => onChange({ ...state, value });

  switch (kind) {
    case 'bool':
      return (
        <Switch
          label={label}
          description={description}
          error={error}
          checked={state.value === true}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          step={1}
          value={text}
          onChange={(e) => set(e.currentTarget.value)}
          style={{ maxWidth: 280 }}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={item.options ?? []}
          value={text || null}
          onChange={(v) => set(v ?? '')}
          clearable={!item.required}
          placeholder="Choose one"
          allowDeselect={!item.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'secret':
      if (state.stored && !state.replacing)
        return (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              {...common}
              description={[item.hint, 'A value is stored and never shown; Replace to change it.']
                .filter(Boolean)
                .join(' · ')}
              value={SECRET_MASK}
              readOnly
              style={{ flex: 1 }}
              classNames={{ input: 'mono' }}
            />
            <Button
              variant="default"
              aria-label={`Replace ${label}`}
              onClick={() => onChange({ ...state, value: '', replacing: true })}
            >
              Replace
            </Button>
          </Group>
        );
      return (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            {...common}
            description={
              description ?? (state.stored ? 'The new value replaces the stored one when you save.' : undefined)
            }
            value={text}
            onChange={(e) => set(e.currentTarget.value)}
            autoComplete="new-password"
            autoFocus={state.replacing}
            style={{ flex: 1 }}
          />
          {state.stored && (
            <Button
              variant="subtle"
              aria-label={`Keep the stored ${label}`}
              onClick={() => onChange({ ...state, value: '', replacing: false })}
            >
              Keep stored
            </Button>
          )}
        </Group>
      );
    default:
      return (
        <TextInput
          {...common}
          type={kind === 'url' ? 'url' : 'text'}
          value={text}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
  }
}
