import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Group, Loader, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NameModal } from '../../../components/NameModal';
import { useCreateAppFromZip, useZipSourceField, ZipSourceInput } from '../../lifecycle';
import { useBlueprints, useCreateApp } from '../api/apps.queries';
import { validateAppName } from '../app-name';
import { BlueprintPicker } from '../components/BlueprintPicker';

/** Where a new app starts (docs: New app modal), kept in `?from=` so the choice can be linked and survives a reload. */
const STARTS = [
  { value: 'blank', label: 'Blank' },
  { value: 'zip-file', label: 'ZIP file' },
  { value: 'zip-url', label: 'ZIP URL' },
  { value: 'blueprint', label: 'Blueprint' },
] as const;
type Start = (typeof STARTS)[number]['value'];

const NOTES: Record<Start, string> = {
  blank:
    "Basalt creates the app's data store and API keys for Android, iOS, JavaScript, REST, Windows Phone, ActionScript and Business Logic.",
  'zip-file':
    'An export of a Basalt app. The whole archive is checked before anything is written; the import shows its progress in the task tray.',
  'zip-url':
    'The server downloads the export (public addresses only), checks it, then imports it with progress in the task tray.',
  blueprint: 'A ready-made app: its tables, sample records, roles, permissions and cloud code are created with it.',
};

/** `/apps/new`: a modal over the apps list; closing it goes back to the list. */
export default function NewAppPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const start: Start = STARTS.some((s) => s.value === params.get('from')) ? (params.get('from') as Start) : 'blank';
  const create = useCreateApp();
  const fromZip = useCreateAppFromZip();
  const zip = useZipSourceField();
  const [blueprintId, setBlueprintId] = useState<string | null>(null);
  const [blueprintProblem, setBlueprintProblem] = useState<string>();
  const blueprints = useBlueprints(start === 'blueprint');
  const blueprintName = blueprints.data?.find((b) => b.id === blueprintId)?.name;
  const zipMode = start === 'zip-url' ? 'url' : 'file';
  const { value: zipDraft, onChange: setZipDraft } = zip.field;

  // The ZIP field follows "Start from" (also when the page opens with ?from=zip-url).
  useEffect(() => {
    if (zipDraft.mode !== zipMode) setZipDraft({ ...zipDraft, mode: zipMode });
  }, [zipMode, zipDraft, setZipDraft]);

  const setStart = (value: string) => {
    create.reset();
    fromZip.reset();
    setBlueprintProblem(undefined);
    setParams(
      (p) => {
        if (value === 'blank') p.delete('from');
        else p.set('from', value);
        return p;
      },
      { replace: true },
    );
  };

  const landOn = (appId: string) => navigate(`/apps/${encodeURIComponent(appId)}/overview`);

  const submit = (appName: string) => {
    if (start === 'zip-file' || start === 'zip-url') {
      const source = zip.check();
      if (!source) return;
      fromZip.mutate(
        { appName, source },
        {
          onSuccess: ({ appId }) => {
            notifications.show({ color: 'teal', message: `Creating ${appName} from the ZIP` });
            void landOn(appId);
          },
        },
      );
      return;
    }
    if (start === 'blueprint' && !blueprintId) {
      setBlueprintProblem('Choose a blueprint');
      return;
    }
    create.mutate(start === 'blueprint' && blueprintId ? { appName, blueprintId } : { appName }, {
      onSuccess: (app) => {
        notifications.show({
          color: 'teal',
          title: 'App created',
          message:
            start === 'blueprint'
              ? `${app.appName} is ready, made from the ${blueprintName ?? blueprintId} blueprint.`
              : `${app.appName} is ready, with its data store and API keys.`,
        });
        void landOn(app.id);
      },
    });
  };

  const pending = create.isPending || fromZip.isPending;
  return (
    <NameModal
      opened
      onClose={() => (pending ? undefined : navigate('/apps'))}
      title="New app"
      label="App name"
      description="Unique among your apps. Letters, digits, spaces, _ . and -."
      confirmLabel="Create app"
      validate={validateAppName}
      serverFields={['appName', 'name']}
      note={NOTES[start]}
      loading={pending}
      error={create.error ?? fromZip.error}
      size={start === 'blueprint' ? 'xl' : 'md'}
      onSubmit={submit}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="new-app-start">
          Start from
        </Text>
        <SegmentedControl
          value={start}
          onChange={setStart}
          data={STARTS.map((s) => ({ ...s }))}
          aria-labelledby="new-app-start"
          disabled={pending}
          fullWidth
        />
      </Stack>
      {(start === 'zip-file' || start === 'zip-url') && <ZipSourceInput {...zip.field} hideModePicker />}
      {start === 'blueprint' && (
        <BlueprintPicker
          value={blueprintId}
          onChange={(id) => {
            setBlueprintId(id);
            setBlueprintProblem(undefined);
          }}
          error={blueprintProblem}
        />
      )}
      {start === 'blueprint' && create.isPending && (
        <Stack gap={6} role="status" aria-label="Creating the app">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">
              Creating the app from {blueprintName ?? 'the blueprint'}: tables, sample records, roles, permissions and
              cloud code…
            </Text>
          </Group>
          <Progress value={100} striped animated aria-hidden />
        </Stack>
      )}
    </NameModal>
  );
}
