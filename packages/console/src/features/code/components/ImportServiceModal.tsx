import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useImportService } from '../api/services.queries';

interface Props {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (service: { id: string }) => void;
}

// The server's limit for a fetched document (decision 0053); an upload is held to the same.
const MAX_SPEC_BYTES = 2 * 1024 * 1024;

/**
 * A service from an OpenAPI 3 or Swagger 2 JSON document, uploaded or fetched by the server from a
 * URL (decision 0053): each operation becomes a method the server calls on the API's base URL,
 * which with its credentials is then set in the service's Configuration.
 */
export function ImportServiceModal({ appId, opened, onClose, onCreated }: Props) {
  const [source, setSource] = useState<'file' | 'url'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const importing = useImportService(appId);
  const server = importing.error ? errorInfo(importing.error) : null;
  const serverField = server?.fields[0]?.field;
  const fileError =
    source === 'file' ? (localError ?? (serverField === 'file' ? server?.message : undefined)) : undefined;
  const urlError =
    source === 'url' ? (localError ?? (serverField === 'serviceURL' ? server?.message : undefined)) : undefined;
  const topError = server && serverField !== 'file' && serverField !== 'serviceURL' ? server : null;

  const close = () => {
    if (importing.isPending) return;
    importing.reset();
    setLocalError(null);
    setFile(null);
    setUrl('');
    onClose();
  };

  const submit = () => {
    setLocalError(null);
    if (source === 'file') {
      if (!file) return setLocalError('Choose an OpenAPI or Swagger document (.json, .yaml)');
      if (file.size > MAX_SPEC_BYTES) return setLocalError('The document is larger than 2 MB');
    } else if (!/^https?:\/\/\S+$/i.test(url.trim())) return setLocalError('An http(s) URL of the document');
    importing.mutate(source === 'file' ? { file: file! } : { serviceURL: url.trim() }, {
      onSuccess: (service) => {
        close();
        onCreated(service);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Import an OpenAPI service" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Each operation of the document becomes a method; calls to it go to the API the document describes. Set its
            base URL and credentials afterwards in the service&apos;s Configuration.
          </Text>
          <SegmentedControl
            aria-label="Where the document comes from"
            value={source}
            onChange={(v) => {
              setLocalError(null);
              importing.reset();
              setSource(v === 'url' ? 'url' : 'file');
            }}
            data={[
              { value: 'file', label: 'Upload a file' },
              { value: 'url', label: 'From a URL' },
            ]}
          />
          {source === 'file' ? (
            <FileInput
              label="OpenAPI document"
              description="OpenAPI 3 or Swagger 2, as JSON or YAML, at most 2 MB"
              placeholder="Choose a file"
              accept=".json,.yaml,.yml,application/json,application/yaml"
              leftSection={<IconFileUpload size={16} stroke={1.5} />}
              value={file}
              onChange={(f) => {
                setLocalError(null);
                setFile(f);
              }}
              error={fileError}
              clearable
            />
          ) : (
            <TextInput
              label="Document URL"
              description="The server fetches it once, now (JSON or YAML, at most 2 MB)."
              placeholder="https://api.example.com/openapi.json"
              value={url}
              onChange={(e) => {
                setLocalError(null);
                setUrl(e.currentTarget.value);
              }}
              error={urlError}
              classNames={{ input: 'mono' }}
            />
          )}
          {topError && (
            <Alert color="red" variant="light" role="alert" title="Not imported">
              <Text size="sm">{topError.message}</Text>
              {topError.code !== undefined && (
                <Text size="xs" c="dimmed" className="mono" mt={4}>
                  {topError.code}
                </Text>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={importing.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={importing.isPending}>
              Import service
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
