import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';
import { useCreateEventHandler, useGetCategories, useGetEvents } from '../api/handlers.queries';
import { LanguageChoice } from './LanguageChoice';

/**
 * Adds an event handler the way the console's users know it: category, then event, then target,
 * then model. It is declared in DRAFT mode with a stub file in the model's drafts; deploying the
 * model makes it run.
 */
export function NewHandlerModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (model: string, language: 'JS' | 'CODELESS', created: { id?: string }) => void;
}) {
  const categories = useGetCategories(appId);
  const events = useGetEvents(appId);
  const create = useCreateEventHandler(appId);
  const [category, setCategory] = useState<string | null>(null);
  const [eventId, setEventId] = useState<string | null>(null);
  const [target, setTarget] = useState('*');
  const [model, setModel] = useState('default');
  const [language, setLanguage] = useState<'JS' | 'CODELESS'>('JS');
  const [async, setAsync] = useState(false);

  useEffect(() => {
    if (!opened) {
      setCategory(null);
      setEventId(null);
      setTarget('*');
      setModel('default');
      setAsync(false);
      setLanguage('JS');
      create.reset();
    }
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const chosen = categories.data?.find((c) => c.id === category);
  const eventOptions = (events.data ?? [])
    .filter((e) => chosen && e.provider === chosen.provider)
    .map((e) => ({ value: String(e.id), label: e.name }));
  const event = events.data?.find((e) => String(e.id) === eventId);
  const failure = create.error ? errorInfo(create.error) : null;

  return (
    <Modal opened={opened} onClose={onClose} title="New event handler" size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!event || !chosen) return;
          create.mutate(
            {
              mode: 'DRAFT',
              category: chosen.id,
              eventId: event.id,
              provider: event.provider,
              target: event.targeted ? target.trim() || '*' : '*',
              model,
              language,
              async,
            },
            { onSuccess: (created) => onCreated(model, language, created as { id?: string }) },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label="Category"
            placeholder="Data, users, files…"
            data={(categories.data ?? []).filter((c) => c.id !== 'TIMER').map((c) => ({ value: c.id, label: c.name }))}
            value={category}
            onChange={(v) => {
              setCategory(v);
              setEventId(null);
            }}
            searchable
            required
          />
          <Select
            label="Event"
            placeholder={chosen ? 'beforeCreate, afterFind…' : 'Choose a category first'}
            data={eventOptions}
            value={eventId}
            onChange={setEventId}
            disabled={!chosen}
            searchable
            required
          />
          {event?.targeted && (
            <TextInput
              label={chosen?.targetKind ? `Target (${chosen.targetKind})` : 'Target'}
              description="A table, channel or event name, or * for all of them."
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
              classNames={{ input: 'mono' }}
            />
          )}
          <LanguageChoice value={language} onChange={setLanguage} />
          <TextInput
            label="Model"
            description="The deployment model the handler's code lives in."
            value={model}
            onChange={(e) => setModel(e.currentTarget.value)}
            classNames={{ input: 'mono' }}
          />
          <Checkbox
            label="Asynchronous (the request does not wait for it; its result is ignored)"
            checked={async}
            onChange={(e) => setAsync(e.currentTarget.checked)}
            disabled={event?.phase === 'before'}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure.message}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {language === 'JS'
              ? 'The handler starts as a draft: a stub file is added to the model. Write its code in the editor and deploy.'
              : 'Its blocks open next; Save & deploy there makes it run.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!event}>
              Add handler
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
