import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useCreateLambdaService } from '../api/services.queries';
import { emptyFunction, emptyLambdaForm, lambdaBodyOf, type LambdaForm, type LambdaFunctionRow } from '../lambda-form';

interface Props {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (service: { id: string }) => void;
}

/**
 * A service whose methods call AWS Lambda functions (decision 0049): credentials, region, an
 * optional endpoint (a Lambda-compatible server such as LocalStack), and the functions, one method
 * each. The secret key is typed masked and never shown again.
 */
export function NewLambdaServiceModal({ appId, opened, onClose, onCreated }: Props) {
  const [form, setForm] = useState<LambdaForm>(emptyLambdaForm);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useCreateLambdaService(appId);
  const server = create.error ? errorInfo(create.error) : null;

  // The server's message starts with the field's path ('functions[1].methodName': …), which the
  // input's position already says.
  const errorOf = (field: string) =>
    localErrors[field] ??
    server?.fields.find((f) => f.field === field)?.message.replace(/^'[^']+':\s*/, '') ??
    undefined;
  const shownFields = new Set([
    'name',
    'description',
    'accessKeyId',
    'secretAccessKey',
    'region',
    'endpoint',
    ...form.functions.flatMap((_, i) => ['name', 'alias', 'methodName', 'params'].map((k) => `functions[${i}].${k}`)),
  ]);
  const topError =
    server && !server.fields.some((f) => shownFields.has(f.field)) ? server.message : (localErrors.functions ?? null);

  const edit = (patch: Partial<LambdaForm>, field?: string) => {
    setForm((f) => ({ ...f, ...patch }));
    if (field) setLocalErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const editFunction = (i: number, patch: Partial<LambdaFunctionRow>) => {
    setForm((f) => ({ ...f, functions: f.functions.map((row, j) => (j === i ? { ...row, ...patch } : row)) }));
    setLocalErrors((errors) =>
      Object.fromEntries(
        Object.entries(errors).filter(([k]) => !Object.keys(patch).some((p) => k === `functions[${i}].${p}`)),
      ),
    );
  };

  const close = () => {
    if (create.isPending) return;
    create.reset();
    setLocalErrors({});
    setForm(emptyLambdaForm());
    onClose();
  };

  const submit = () => {
    const { body, errors } = lambdaBodyOf(form);
    setLocalErrors(errors);
    if (Object.keys(errors).length) return;
    create.mutate(body, {
      onSuccess: (service) => {
        setForm(emptyLambdaForm());
        onClose();
        onCreated(service);
      },
    });
  };

  const text = (field: keyof Omit<LambdaForm, 'functions'>, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={form[field]}
      onChange={(e) => edit({ [field]: e.currentTarget.value }, field)}
      error={errorOf(field)}
      {...extra}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title="New AWS Lambda service" size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Each function becomes a method of the service: clients call it like any API service, and Basalt invokes the
            function with the request body as <span className="mono">args</span>, signed with these credentials.
          </Text>
          <SimpleGrid cols={2} spacing="md">
            {text('name', 'Service name', { placeholder: 'AWSLambda (when empty)' })}
            {text('region', 'Region', {
              withAsterisk: true,
              placeholder: 'e.g. us-east-1',
              classNames: { input: 'mono' },
            })}
            {text('accessKeyId', 'Access key id', {
              withAsterisk: true,
              autoComplete: 'off',
              classNames: { input: 'mono' },
            })}
            <PasswordInput
              label="Secret access key"
              withAsterisk
              autoComplete="new-password"
              value={form.secretAccessKey}
              onChange={(e) => edit({ secretAccessKey: e.currentTarget.value }, 'secretAccessKey')}
              error={errorOf('secretAccessKey')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            The secret access key is stored encrypted and never shown again, not even to you.
          </Text>
          {text('description', 'Description')}
          {text('endpoint', 'Endpoint', {
            description: 'Optional: a Lambda-compatible server (LocalStack, a test double). Empty: AWS in the region.',
            placeholder: 'https://lambda.us-east-1.amazonaws.com',
            classNames: { input: 'mono' },
          })}
          <Fieldset legend="Functions" variant="filled" p="sm">
            <Stack gap="xs">
              {form.functions.map((row, i) => (
                <Group key={i} align="flex-start" gap="xs" wrap="nowrap" role="group" aria-label={`Function ${i + 1}`}>
                  <TextInput
                    label="Function name"
                    withAsterisk
                    placeholder="e.g. my-function or its ARN"
                    value={row.name}
                    onChange={(e) => editFunction(i, { name: e.currentTarget.value })}
                    error={errorOf(`functions[${i}].name`)}
                    style={{ flex: 3 }}
                    classNames={{ input: 'mono' }}
                  />
                  <TextInput
                    label="Alias"
                    placeholder="optional"
                    value={row.alias}
                    onChange={(e) => editFunction(i, { alias: e.currentTarget.value })}
                    error={errorOf(`functions[${i}].alias`)}
                    style={{ flex: 1.5 }}
                    classNames={{ input: 'mono' }}
                  />
                  <TextInput
                    label="Method name"
                    placeholder="= function name"
                    value={row.methodName}
                    onChange={(e) => editFunction(i, { methodName: e.currentTarget.value })}
                    error={errorOf(`functions[${i}].methodName`)}
                    style={{ flex: 2 }}
                    classNames={{ input: 'mono' }}
                  />
                  <TextInput
                    label="Parameters"
                    placeholder="e.g. a, b"
                    value={row.params}
                    onChange={(e) => editFunction(i, { params: e.currentTarget.value })}
                    error={errorOf(`functions[${i}].params`)}
                    style={{ flex: 2 }}
                    classNames={{ input: 'mono' }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={`Remove function ${i + 1}`}
                    disabled={form.functions.length === 1}
                    onClick={() => {
                      // Rows below move up: messages that named them by index no longer fit.
                      create.reset();
                      setLocalErrors((errors) =>
                        Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('functions'))),
                      );
                      edit({ functions: form.functions.filter((_, j) => j !== i) });
                    }}
                  >
                    <IconTrash size={16} stroke={1.5} />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} stroke={1.5} />}
                  onClick={() => edit({ functions: [...form.functions, emptyFunction()] }, 'functions')}
                >
                  Add function
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          {topError && (
            <Alert color="red" variant="light" role="alert" title="Not created">
              <Text size="sm">{topError}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create service
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
