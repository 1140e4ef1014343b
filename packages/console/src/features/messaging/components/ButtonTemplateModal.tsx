import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { checkButtonTemplate, MAX_BUTTONS, type ButtonTemplate } from '../button-template';

interface Props {
  opened: boolean;
  onClose: () => void;
  platform: string;
  /** The template being edited; undefined creates a new one. */
  initial?: ButtonTemplate;
  onSave: (template: ButtonTemplate) => void;
  saving: boolean;
  error: unknown;
}

const emptyAction = (n: number) => ({ id: `action_${n}`, title: '', opensApp: true });

/** Creates or edits a button template: a name and up to four buttons (id, title, opens the app). */
export function ButtonTemplateModal({ opened, onClose, platform, initial, onSave, saving, error }: Props) {
  const [draft, setDraft] = useState<ButtonTemplate>(() => initial ?? { name: '', actions: [emptyAction(1)] });
  const [shown, setShown] = useState(false);
  const errors = checkButtonTemplate(draft);
  const server = error ? errorInfo(error) : undefined;
  const update = (i: number, patch: Partial<ButtonTemplate['actions'][number]>) =>
    setDraft((d) => ({ ...d, actions: d.actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) }));
  const submit = () => {
    setShown(true);
    if (!Object.keys(errors).length) onSave({ ...draft, name: draft.name.trim() });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={<Text fw={600}>{initial ? `Edit ${initial.name}` : `New ${platform} button template`}</Text>}
    >
      <Stack gap="md">
        <TextInput
          label="Template name"
          required
          data-autofocus
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          error={(shown && errors.name) || (server?.field === 'name' ? server.message : undefined)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Buttons
          </Text>
          {draft.actions.map((a, i) => (
            <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={`Button ${i + 1} id`}
                w={170}
                value={a.id}
                onChange={(e) => update(i, { id: e.currentTarget.value })}
                error={shown && errors[`actions.${i}.id`]}
              />
              <TextInput
                label={`Button ${i + 1} title`}
                style={{ flex: 1 }}
                value={a.title}
                onChange={(e) => update(i, { title: e.currentTarget.value })}
                error={shown && errors[`actions.${i}.title`]}
              />
              <Checkbox
                label="Opens the app"
                mt={32}
                checked={a.opensApp}
                onChange={(e) => update(i, { opensApp: e.currentTarget.checked })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove button ${i + 1}`}
                onClick={() => setDraft({ ...draft, actions: draft.actions.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {shown && errors.actions && (
            <Text size="xs" c="red">
              {errors.actions}
            </Text>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            style={{ alignSelf: 'flex-start' }}
            disabled={draft.actions.length >= MAX_BUTTONS}
            onClick={() => setDraft({ ...draft, actions: [...draft.actions, emptyAction(draft.actions.length + 1)] })}
          >
            Add button
          </Button>
        </Stack>
        {server && server.field !== 'name' && (
          <Alert color="red" variant="light" role="alert">
            {server.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={saving}>
            {initial ? 'Save template' : 'Create template'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
