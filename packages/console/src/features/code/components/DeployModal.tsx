import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';

/** A deploy failure as the server reports it: the message names the file and line. */
function DeployFailure({ error }: { error: unknown }) {
  const info = errorInfo(error);
  return (
    <Alert color="red" variant="light" title="Deploy failed — production is unchanged" role="alert">
      <Text size="sm" className="mono" style={{ whiteSpace: 'pre-wrap' }}>
        {info.message}
      </Text>
      {info.code !== undefined && (
        <Text size="xs" c="dimmed" className="mono" mt={4}>
          {info.code}
        </Text>
      )}
    </Alert>
  );
}

/**
 * Deploy asks first (docs/console-screens.md › Cloud code › Editor): it lists what differs from
 * what was last saved, then bundles and switches production in one step.
 */
export function DeployModal({
  opened,
  onClose,
  model,
  files,
  unsaved,
  onDeploy,
  deploying,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  model: string;
  files: string[];
  unsaved: string[];
  onDeploy: () => void;
  deploying: boolean;
  error: unknown;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Deploy model ${model}`} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Deploying bundles the {files.length} draft file{files.length === 1 ? '' : 's'} of{' '}
          <span className="mono">{model}</span> and makes them production: its services, handlers and timers replace the
          ones deployed now. If the code has an error, nothing changes.
        </Text>
        {unsaved.length > 0 ? (
          <>
            <Text size="sm" fw={500}>
              Unsaved changes that will be saved and deployed:
            </Text>
            <List size="sm" className="mono">
              {unsaved.map((id) => (
                <List.Item key={id}>{id}</List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Every open file is saved; the saved drafts are deployed as they are.
          </Text>
        )}
        {!!error && <DeployFailure error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onDeploy} loading={deploying} data-autofocus>
            Deploy
          </Button>
        </Group>
        {deploying && (
          <Text size="xs" c="dimmed" aria-live="polite">
            Bundling, checking the code in the sandbox and switching production…
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
