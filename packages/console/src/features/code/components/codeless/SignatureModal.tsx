import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorInfo } from '../../../../lib/errors';
import type { CodelessParamInput } from '../../api/codeless.queries';
import { ParamsEditor } from './ParamsEditor';
import { IDENTIFIER, IDENTIFIER_HINT, paramProblems } from './signature';

export interface Signature {
  name: string;
  params: CodelessParamInput[];
}

/**
 * Names a codeless method or function and lists its parameters/inputs (create and edit). Checked on
 * submit; a server refusal shows above the buttons.
 */
export function SignatureModal({
  opened,
  onClose,
  title,
  nameLabel,
  noun,
  initial,
  confirmLabel,
  onSubmit,
  loading,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  nameLabel: string;
  /** "parameter" or "input". */
  noun: string;
  initial?: Signature;
  confirmLabel: string;
  onSubmit: (signature: Signature) => void;
  loading?: boolean;
  error?: unknown;
}) {
  const [name, setName] = useState('');
  const [params, setParams] = useState<CodelessParamInput[]>([]);
  const [touched, setTouched] = useState(false);
  const refill = useEffectEvent(() => {
    setName(initial?.name ?? '');
    setParams(initial?.params ?? []);
    setTouched(false);
  });
  useEffect(() => {
    if (opened) refill();
  }, [opened]);

  const nameProblem = !name
    ? `Name the ${noun === 'input' ? 'function' : 'method'}`
    : IDENTIFIER.test(name)
      ? null
      : IDENTIFIER_HINT;
  const invalid = !!nameProblem || paramProblems(params, noun).some(Boolean);
  const server = error ? errorInfo(error) : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!invalid && !loading) onSubmit({ name, params });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={nameLabel}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value.trim())}
            onBlur={() => setTouched(true)}
            error={touched ? nameProblem : undefined}
            autoComplete="off"
            spellCheck={false}
            classNames={{ input: 'mono' }}
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {noun === 'input' ? 'Inputs' : 'Parameters'}
            </Text>
            <ParamsEditor value={params} onChange={setParams} noun={noun} showErrors={touched} />
          </Stack>
          {server && (
            <Alert color="red" variant="light" role="alert">
              {server.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
