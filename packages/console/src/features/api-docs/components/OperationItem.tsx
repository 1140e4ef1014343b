import type { OpenApiDocument, AppApiKey } from '@basalt/shared';
import { Accordion, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { schemaRows, typeLabel, type OperationEntry } from '../doc-model';
import { SchemaTable } from './SchemaTable';
import { TryItForm } from './TryItForm';

const VERB_COLOURS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  delete: 'red',
  patch: 'grape',
};

/** One operation: its verb and path, then (opened) its parameters, body, answer and a try-it form. */
export function OperationItem({
  doc,
  entry,
  keys,
}: {
  doc: OpenApiDocument;
  entry: OperationEntry;
  keys: AppApiKey[];
}) {
  const { op, method, path } = entry;
  const params = (op.parameters ?? []).map((p) => ({
    name: p.name,
    type: `${typeLabel(p.schema)} · ${p.in}`,
    required: Boolean(p.required),
    description: p.description,
  }));
  const body = op.requestBody?.content['application/json']?.schema;
  const answer = op.responses?.['200'];
  const answerSchema = answer?.content?.['application/json']?.schema;
  return (
    <Accordion.Item value={`${method} ${path}`}>
      <Accordion.Control aria-label={`${method.toUpperCase()} ${path}`}>
        <Group gap="sm" wrap="nowrap">
          <Badge w={76} color={VERB_COLOURS[method] ?? 'gray'} variant="light" radius="sm">
            {method.toUpperCase()}
          </Badge>
          <Text ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
            {path}
          </Text>
          <Text fz="sm" c="dimmed" truncate>
            {op.summary}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel aria-label={`${method.toUpperCase()} ${path}`}>
        <Stack gap="sm">
          {op.description && <Text fz="sm">{op.description}</Text>}
          {params.length > 0 && <SchemaTable rows={params} label="Parameters" />}
          {body && (
            <>
              <Text fz="sm" fw={600}>
                Body:{' '}
                <Text span ff="monospace">
                  {typeLabel(body)}
                </Text>
              </Text>
              <SchemaTable rows={schemaRows(doc, body)} label="Body fields" />
            </>
          )}
          {answer && (
            <Text fz="sm">
              <Text span fw={600}>
                200
              </Text>{' '}
              {answer.description}
              {answerSchema ? (
                <Text span ff="monospace" c="dimmed">
                  {' '}
                  ({typeLabel(answerSchema)})
                </Text>
              ) : null}
            </Text>
          )}
          <Divider label="Try it" labelPosition="left" />
          <TryItForm doc={doc} entry={entry} keys={keys} />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
