import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconSend, IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import {
  useDeletePushTemplates,
  useGetPushRecipientsCount,
  useLoadChannels,
  useSavePushTemplate,
  useSendPush,
} from '../api/messaging.queries';
import {
  audienceWhere,
  draftProblems,
  pushFromDraft,
  templateFromDraft,
  PLATFORMS,
  type PushDraft,
} from '../push-draft';
import { PushPreview } from './PushPreview';
import { SendPushModal } from './SendPushModal';

interface Props {
  appId: string;
  /** The saved template being edited; undefined for a new push. */
  savedName?: string;
  initial: PushDraft;
}

/** Content, audience with a live recipient count, a preview, save and send (docs/console-screens.md › Messaging). */
export function PushComposer({ appId, savedName, initial }: Props) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(savedName ? initial : null);
  const [sending, setSending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [touched, setTouched] = useState(false);
  const channels = useLoadChannels(appId);
  const save = useSavePushTemplate(appId);
  const send = useSendPush(appId);
  const remove = useDeletePushTemplates(appId);
  const [where] = useDebouncedValue(audienceWhere(draft), 300);
  const problems = draftProblems(draft);
  const recipients = useGetPushRecipientsCount(appId, where, !problems.audience);
  const set = (patch: Partial<PushDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const dirty = !saved || JSON.stringify(saved) !== JSON.stringify(draft);
  const status = !saved
    ? { label: 'New', color: 'gray' }
    : dirty
      ? { label: 'Unsaved changes', color: 'orange' }
      : { label: 'Saved', color: 'green' };
  const base = `/apps/${appId}/messaging/push`;
  // Leaving with edits not saved asks first. Read at the moment of the navigation: the rename
  // after a save navigates before React has rendered the saved state.
  const lastSaved = useRef(initial);
  const current = useRef(draft);
  current.current = draft;
  const guard = useUnsavedChangesGuard(() => JSON.stringify(lastSaved.current) !== JSON.stringify(current.current), {
    message: 'The push template’s changes are not saved yet.',
  });

  const doSave = async () => {
    setTouched(true);
    if (problems.name) return false;
    await save.mutateAsync({ previousName: savedName, template: templateFromDraft(draft) });
    setSaved(draft);
    lastSaved.current = draft;
    notifications.show({ color: 'green', message: `Saved template ${draft.name}` });
    if (draft.name !== savedName) navigate(`${base}/${encodeURIComponent(draft.name.trim())}`, { replace: true });
    return true;
  };
  const doSend = async (andSave: boolean) => {
    if (andSave && !(await doSave().catch(() => false))) return;
    const result = await send.mutateAsync(pushFromDraft(draft));
    setSending(false);
    const waiting = result?.waitingForCredentials ?? 0;
    const count = result?.recipients ?? 0;
    notifications.show({
      color: 'green',
      message: `Push sent to ${count} ${count === 1 ? 'device' : 'devices'}${waiting ? `; ${waiting} ${waiting === 1 ? 'waits' : 'wait'} in the outbox for provider credentials` : ''}`,
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{savedName ?? 'New push'}</Title>
          <Badge variant="light" color={status.color} radius="sm">
            {status.label}
          </Badge>
        </Group>
        <Group gap="sm">
          {savedName && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} stroke={1.5} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={18} stroke={1.5} />}
            onClick={() => void doSave().catch(() => undefined)}
            loading={save.isPending}
            disabled={!dirty}
          >
            Save template
          </Button>
          <Button
            leftSection={<IconSend size={18} stroke={1.5} />}
            onClick={() => {
              setTouched(true);
              if (!problems.body && !problems.audience && !problems.platforms) setSending(true);
            }}
          >
            Send now
          </Button>
        </Group>
      </Group>
      {save.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorInfo(save.error).message}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" component="section" aria-label="Content">
              <Stack gap="sm">
                <Text fw={600} size="sm">
                  Content
                </Text>
                <TextInput
                  label="Template name"
                  value={draft.name}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  error={touched && problems.name}
                />
                <TextInput label="Title" value={draft.title} onChange={(e) => set({ title: e.currentTarget.value })} />
                <Textarea
                  label="Message"
                  autosize
                  minRows={2}
                  value={draft.body}
                  onChange={(e) => set({ body: e.currentTarget.value })}
                  error={touched && problems.body}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md" component="section" aria-label="Audience">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={600} size="sm">
                    Audience
                  </Text>
                  <Group gap={6} aria-live="polite">
                    {recipients.isFetching && <Loader size={12} />}
                    <Text size="sm" fw={600} data-testid="push-recipients">
                      {problems.audience
                        ? '—'
                        : recipients.isError
                          ? 'Check the where clause'
                          : `${recipients.data ?? 0} ${recipients.data === 1 ? 'recipient' : 'recipients'}`}
                    </Text>
                  </Group>
                </Group>
                <Select
                  label="Channel"
                  placeholder="Any channel"
                  clearable
                  data={(channels.data ?? []).map((c) => c.name)}
                  value={draft.channelName || null}
                  onChange={(v) => set({ channelName: v ?? '' })}
                />
                <Checkbox.Group
                  label="Platforms"
                  value={draft.platforms}
                  onChange={(platforms) => set({ platforms })}
                  error={touched && problems.platforms}
                >
                  <Group gap="md" mt={4}>
                    {PLATFORMS.map((p) => (
                      <Checkbox key={p} value={p} label={p === 'IOS' ? 'iOS' : 'Android'} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <TextInput
                  label="Devices where"
                  description="A where clause over devices, e.g. osVersion >= '14' or deviceId LIKE 'test%'"
                  value={draft.where}
                  onChange={(e) => set({ where: e.currentTarget.value })}
                  error={
                    (touched && problems.audience) ||
                    (recipients.isError ? errorInfo(recipients.error).message : undefined)
                  }
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PushPreview draft={draft} />
        </Grid.Col>
      </Grid>
      <SendPushModal
        opened={sending}
        onClose={() => {
          send.reset();
          setSending(false);
        }}
        recipients={recipients.data}
        dirty={dirty}
        canSave={!problems.name}
        loading={send.isPending || save.isPending}
        error={send.error ?? save.error}
        onSend={(andSave) => void doSend(andSave).catch(() => undefined)}
      />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete push template ${savedName}?`}
        confirmLabel="Delete template"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          savedName &&
          remove.mutate([savedName], {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `Deleted template ${savedName}` });
              guard.allowNext();
              navigate(base, { replace: true });
            },
          })
        }
      >
        Pushes already sent are not affected.
      </ConfirmModal>
    </Stack>
  );
}
