import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useUploadService } from '../api/services.queries';

interface Props {
  appId: string;
  opened: boolean;
  models: string[];
  onClose: () => void;
  onCreated: (service: { id: string }) => void;
}

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Upload a service's code written elsewhere: one `.js` file, or a `.zip` of a model's files. */
export function UploadServiceModal({ appId, opened, models, onClose, onCreated }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [model, setModel] = useState('default');
  const [localError, setLocalError] = useState<string | null>(null);
  const upload = useUploadService(appId);
  const server = upload.error ? errorInfo(upload.error) : null;
  const onFile = server?.fields[0]?.field === 'file' || server?.fields[0]?.field === 'files';

  const close = () => {
    if (upload.isPending) return;
    upload.reset();
    setLocalError(null);
    setFile(null);
    onClose();
  };

  const submit = () => {
    setLocalError(null);
    if (!file) return setLocalError('Choose a .js file or a .zip of files');
    if (!/\.(js|zip)$/i.test(file.name)) return setLocalError('Only .js and .zip files can be uploaded');
    if (file.size > MAX_UPLOAD_BYTES) return setLocalError('The file is larger than 5 MB');
    upload.mutate(
      { file, model },
      {
        onSuccess: (services) => {
          close();
          if (services[0]) onCreated(services[0]);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload service code" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The files are deployed to the model at once; every class registered with{' '}
            <span className="mono">Backendless.ServerCode.addService</span> becomes a service.
          </Text>
          <FileInput
            label="Code"
            description=".js or .zip, at most 5 MB"
            placeholder="Choose a file"
            accept=".js,.zip,application/javascript,text/javascript,application/zip"
            leftSection={<IconFileUpload size={16} stroke={1.5} />}
            value={file}
            onChange={(f) => {
              setLocalError(null);
              setFile(f);
            }}
            error={localError ?? (onFile ? server?.message : undefined)}
            clearable
          />
          <Select
            label="Model"
            description="The deployment model the code goes to"
            data={models.includes('default') ? models : ['default', ...models]}
            value={model}
            onChange={(v) => setModel(v ?? 'default')}
            allowDeselect={false}
          />
          {server && !onFile && (
            <Alert color="red" variant="light" role="alert" title="Not uploaded">
              <Text size="sm">{server.message}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={upload.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={upload.isPending}>
              Upload and deploy
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
