import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';
import { useCreateEventHandler } from '../api/handlers.queries';
import { scheduleInWords } from '../schedule-words';
import { LanguageChoice } from './LanguageChoice';

type Kind = 'once' | 'custom' | 'daily' | 'cron';

/** `2026-11-27T10:30` in the browser's zone → ms. */
const localToMs = (text: string) => (text ? new Date(text).getTime() : NaN);

function nowLocal(): string {
  const d = new Date(Date.now() + 60_000);
  d.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Declares a timer in DRAFT mode (a stub file joins the model's drafts); its schedule is editable later. */
export function NewTimerModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (model: string, language: 'JS' | 'CODELESS', name: string) => void;
}) {
  const create = useCreateEventHandler(appId);
  const [name, setName] = useState('');
  const [model, setModel] = useState('default');
  const [language, setLanguage] = useState<'JS' | 'CODELESS'>('JS');
  const [kind, setKind] = useState<Kind>('custom');
  const [every, setEvery] = useState<number | string>(60);
  const [start, setStart] = useState(nowLocal);
  const [cron, setCron] = useState('0 */5 * * * *');

  useEffect(() => {
    if (!opened) {
      setName('');
      setKind('custom');
      setEvery(60);
      setStart(nowLocal());
      setLanguage('JS');
      create.reset();
    }
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const frequency =
    kind === 'once'
      ? { schedule: 'once' }
      : kind === 'cron'
        ? { schedule: 'cron', repeat: { cron } }
        : { schedule: kind, repeat: { every: Number(every) || 1 } };
  const nameError =
    name && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? 'Letters, digits and _, not starting with a digit' : null;
  const failure = create.error ? errorInfo(create.error) : null;

  return (
    <Modal opened={opened} onClose={onClose} title="New timer" size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name || nameError) return;
          create.mutate(
            {
              mode: 'DRAFT',
              category: 'TIMER',
              timername: name,
              model,
              language,
              startDate: localToMs(start),
              frequency,
              timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            },
            { onSuccess: () => onCreated(model, language, name) },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            error={nameError}
            onChange={(e) => setName(e.currentTarget.value)}
            classNames={{ input: 'mono' }}
          />
          <Select
            label="Runs"
            data={[
              { value: 'once', label: 'Once' },
              { value: 'custom', label: 'Every N seconds' },
              { value: 'daily', label: 'Every N days' },
              { value: 'cron', label: 'Cron expression' },
            ]}
            value={kind}
            allowDeselect={false}
            onChange={(v) => setKind((v as Kind) ?? 'custom')}
          />
          {(kind === 'custom' || kind === 'daily') && (
            <NumberInput
              label={kind === 'custom' ? 'Every (seconds)' : 'Every (days)'}
              min={1}
              max={kind === 'custom' ? 86_400 : 365}
              value={every}
              onChange={setEvery}
            />
          )}
          {kind === 'cron' && (
            <TextInput
              label="Cron"
              description="seconds minutes hours day-of-month month day-of-week"
              value={cron}
              onChange={(e) => setCron(e.currentTarget.value)}
              classNames={{ input: 'mono' }}
            />
          )}
          <TextInput
            type="datetime-local"
            label={kind === 'once' ? 'At' : 'Starting'}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <LanguageChoice value={language} onChange={setLanguage} />
          <TextInput
            label="Model"
            value={model}
            onChange={(e) => setModel(e.currentTarget.value)}
            classNames={{ input: 'mono' }}
          />
          <Alert variant="light" color="blue">
            Runs {scheduleInWords(frequency)}, in {Intl.DateTimeFormat().resolvedOptions().timeZone} time.
          </Alert>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name || !!nameError}>
              Add timer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
