import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconBrandFirebase } from '@tabler/icons-react';
import type { FirebaseImportResult } from '@basalt/shared';
import { importFirebaseUsers } from '../../api/transfer-imports.queries';
import { errorInfo } from '../../../../lib/errors';
import { numberFormat } from '../../data-format';

interface Props {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}

const HASH_HINT = 'hash_config {\n  algorithm: SCRYPT,\n  base64_signer_key: …,\n  base64_salt_separator: Bw==,\n  rounds: 8,\n  mem_cost: 14,\n}';

/**
 * Users from Firebase Auth: the `firebase auth:export` JSON file and the project's password hash
 * parameters (Firebase console › Authentication › Users › ⋮ › Password hash parameters). Passwords
 * keep working: each is checked with Firebase's scrypt at the user's first login (decision 0061).
 */
export function ImportFirebaseModal({ appId, opened, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [hashConfig, setHashConfig] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<FirebaseImportResult | null>(null);

  const close = () => {
    setFile(null);
    setHashConfig('');
    setError(null);
    setResult(null);
    onClose();
  };

  const submit = async () => {
    if (!file) return setError('Choose the users JSON file exported from Firebase');
    setBusy(true);
    setError(null);
    try {
      let users: unknown;
      try {
        users = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not JSON: export the users with firebase auth:export users.json --format=JSON`);
      }
      const answer = await importFirebaseUsers(appId, { users: users as never, hashConfig });
      setResult(answer);
      if (answer.imported) onImported();
    } catch (err) {
      setError(errorInfo(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Import users from Firebase Auth" size="lg">
      {result ? (
        <Stack gap="sm">
          <Alert color="teal" title={`${numberFormat.format(result.imported)} users imported`}>
            Their Firebase passwords work: each is checked once at the user's first login, then stored with Basalt's own hash.
            {result.withoutPassword ? ` ${numberFormat.format(result.withoutPassword)} had no password (federated sign-in) and can restore one.` : ''}
          </Alert>
          {result.skipped.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>{numberFormat.format(result.skipped.length)} skipped</Text>
              <Table fz="xs" striped withTableBorder>
                <Table.Thead><Table.Tr><Table.Th>Firebase uid</Table.Th><Table.Th>Email</Table.Th><Table.Th>Why</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {result.skipped.slice(0, 50).map((s, i) => (
                    <Table.Tr key={i}><Table.Td>{s.localId}</Table.Td><Table.Td>{s.email ?? '—'}</Table.Td><Table.Td>{s.reason}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
          <Group justify="flex-end"><Button onClick={close}>Done</Button></Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <FileInput
            label="Users file"
            description="The JSON written by firebase auth:export users.json --format=JSON"
            placeholder="users.json"
            accept="application/json,.json"
            leftSection={<IconBrandFirebase size={16} stroke={1.5} />}
            value={file}
            onChange={setFile}
            clearable
          />
          <Textarea
            label="Password hash parameters"
            description="Firebase console › Authentication › Users › ⋮ › Password hash parameters: paste the block as shown"
            placeholder={HASH_HINT}
            autosize
            minRows={6}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={hashConfig}
            onChange={(e) => setHashConfig(e.currentTarget.value)}
          />
          {error && <Alert color="red" title="The users were not imported">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button loading={busy} onClick={() => void submit()} disabled={!file || !hashConfig.trim()}>Import users</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
