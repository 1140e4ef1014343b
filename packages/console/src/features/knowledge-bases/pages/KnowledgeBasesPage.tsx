import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import type { KnowledgeBase, KnowledgeBaseFile } from '@basalt/shared';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';
import { bytes } from '../../../app/tasks/task-format';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NameModal } from '../../../components/NameModal';
import { PageHeader } from '../../../components/PageHeader';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { formatDateTimeWithZone } from '../../data';
import {
  useAiConfigured,
  useCreateKnowledgeBase,
  useDeleteDocument,
  useDeleteKnowledgeBase,
  useKnowledgeBases,
  useSearchKnowledgeBase,
  useUpdateKnowledgeBase,
  useUploadDocuments,
} from '../api/knowledge-bases.queries';

/** The documents a knowledge base reads (the server refuses the rest, naming the file). */
const ACCEPT = '.txt,.md,.markdown,.csv,.json,.html,.htm,.xml';

/**
 * Flows › Knowledge bases: documents the app's AI assistants answer from. A list on the left, the
 * chosen base on the right with its documents, an upload, and "Try retrieval" showing the passages an
 * assistant would be given for a question.
 */
export default function KnowledgeBasesPage() {
  const { appId = '', knowledgeBaseId } = useParams();
  const navigate = useNavigate();
  const list = useKnowledgeBases(appId);
  const configured = useAiConfigured(appId);
  const create = useCreateKnowledgeBase(appId);
  const [creating, setCreating] = useState(false);
  const open = (id?: string) => navigate(`/apps/${appId}/knowledge-bases${id ? `/${id}` : ''}`, { replace: !!id });
  const chosen = list.data?.find((k) => k.id === knowledgeBaseId) ?? list.data?.[0];
  // The breadcrumb reads the base's name, not its id.
  useCrumbLabel(knowledgeBaseId, list.data?.find((k) => k.id === knowledgeBaseId)?.name);

  return (
    <>
      <PageHeader
        title="Knowledge bases"
        description="Documents your AI assistants answer from. Their text is split into passages; each question is sent with the passages that match it best."
        actions={<Button onClick={() => setCreating(true)}>New knowledge base</Button>}
      />
      {configured.data === false && (
        <Alert color="blue" mb="md" title="AI assistance is off on this server" data-testid="ai-off">
          You can build knowledge bases and try retrieval now. Assistants answer once an operator sets
          BASALT_AI_BASE_URL (an OpenAI-compatible API) on the server.
        </Alert>
      )}
      {list.isPending ? (
        <Skeleton height={240} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={500}>No knowledge bases yet</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              Create one, upload text, Markdown, CSV, JSON or HTML documents, and link it to an AI assistant of your
              flows.
            </Text>
            <Button mt="sm" onClick={() => setCreating(true)}>
              Create your first knowledge base
            </Button>
          </Stack>
        </Card>
      ) : (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Card withBorder padding={4} radius="md" w={260} style={{ flexShrink: 0 }}>
            <nav aria-label="Knowledge bases">
              {list.data.map((k) => (
                <NavLink
                  key={k.id}
                  active={k.id === chosen?.id}
                  label={k.name}
                  description={`${k.files.length} document${k.files.length === 1 ? '' : 's'}`}
                  onClick={() => open(k.id)}
                />
              ))}
            </nav>
          </Card>
          {chosen && <KnowledgeBaseDetail key={chosen.id} appId={appId} kb={chosen} onDeleted={() => open()} />}
        </Group>
      )}
      <NameModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New knowledge base"
        label="Name"
        confirmLabel="Create"
        validate={(n) => (n.length > 100 ? 'At most 100 characters' : undefined)}
        serverFields={['name']}
        loading={create.isPending}
        error={create.error}
        onSubmit={(name) =>
          create.mutate(
            { name },
            {
              onSuccess: (kb) => {
                setCreating(false);
                if ('id' in kb) open(kb.id);
              },
            },
          )
        }
      />
    </>
  );
}

function KnowledgeBaseDetail({ appId, kb, onDeleted }: { appId: string; kb: KnowledgeBase; onDeleted: () => void }) {
  const upload = useUploadDocuments(appId);
  const update = useUpdateKnowledgeBase(appId);
  const removeKb = useDeleteKnowledgeBase(appId);
  const removeDoc = useDeleteDocument(appId);
  const search = useSearchKnowledgeBase(appId);
  const [description, setDescription] = useState(kb.description);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [doc, setDoc] = useState<KnowledgeBaseFile | null>(null);
  const [query, setQuery] = useState('');
  const passages = search.data;

  return (
    <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" mb="sm">
          <div>
            <Title order={3}>{kb.name}</Title>
            <Text size="xs" c="dimmed">
              Changed {formatDateTimeWithZone(kb.updated)}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button variant="default" color="red" size="xs" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Group>
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          onBlur={() => {
            if (description !== kb.description) update.mutate({ id: kb.id, name: kb.name, description });
          }}
        />
        {update.isError && (
          <Text size="sm" c="red" mt={4}>
            {errorInfo(update.error).message}
          </Text>
        )}
      </Card>

      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Documents</Title>
          <FileButton
            multiple
            accept={ACCEPT}
            onChange={(files) => files.length && upload.mutate({ id: kb.id, files })}
          >
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending}>
                Upload documents
              </Button>
            )}
          </FileButton>
        </Group>
        {upload.isError && (
          <Alert color="red" mb="sm" title="Nothing was uploaded" withCloseButton onClose={() => upload.reset()}>
            {errorInfo(upload.error).message}
          </Alert>
        )}
        {kb.files.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            No documents yet. Upload .txt, .md, .csv, .json, .html or .xml files (5 MB each at most).
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label="Documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Size</Table.Th>
                  <Table.Th ta="right">Passages</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {kb.files.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{f.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" radius="sm">
                        {f.name.includes('.') ? f.name.slice(f.name.lastIndexOf('.') + 1) : 'text'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{bytes(f.size)}</Table.Td>
                    <Table.Td ta="right">{f.passages}</Table.Td>
                    <Table.Td>{formatDateTimeWithZone(f.created)}</Table.Td>
                    <Table.Td>
                      <Tooltip label={`Delete ${f.name}`}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${f.name}`}
                          onClick={() => setDoc(f)}
                        >
                          ×
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <Card withBorder padding="lg" radius="md">
        <Title order={4} mb={4}>
          Try retrieval
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The passages an assistant would be given for this question, best first.
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (query.trim()) search.mutate({ id: kb.id, query: query.trim() });
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Question"
              style={{ flex: 1 }}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="How long do refunds take?"
            />
            <Button type="submit" variant="default" loading={search.isPending} disabled={!query.trim()}>
              Search
            </Button>
          </Group>
        </form>
        {search.isError && (
          <Text size="sm" c="red" mt="xs">
            {errorInfo(search.error).message}
          </Text>
        )}
        {passages && (
          <Stack gap="xs" mt="md" data-testid="passages">
            {passages.length === 0 ? (
              <Text size="sm" c="dimmed">
                No passage shares a word with the question.
              </Text>
            ) : (
              passages.map((p) => (
                <Card key={`${p.fileId}:${p.seq}`} withBorder padding="sm" radius="sm">
                  <Group justify="space-between" mb={4}>
                    <Text size="xs" fw={500}>
                      {p.fileName} · passage {p.seq + 1}
                    </Text>
                    <Text size="xs" c="dimmed">
                      score {p.score}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
                    {p.text}
                  </Text>
                </Card>
              ))
            )}
          </Stack>
        )}
      </Card>

      <NameModal
        opened={renaming}
        onClose={() => setRenaming(false)}
        title="Rename knowledge base"
        label="Name"
        initial={kb.name}
        confirmLabel="Rename"
        validate={(n) => (n.length > 100 ? 'At most 100 characters' : undefined)}
        serverFields={['name']}
        loading={update.isPending}
        error={update.error}
        onSubmit={(name) =>
          update.mutate({ id: kb.id, name, description: kb.description }, { onSuccess: () => setRenaming(false) })
        }
      />
      <ConfirmModal
        opened={!!doc}
        onClose={() => setDoc(null)}
        title={`Delete ${doc?.name ?? ''}?`}
        confirmLabel="Delete document"
        destructive
        loading={removeDoc.isPending}
        error={removeDoc.error}
        onConfirm={() => doc && removeDoc.mutate({ id: kb.id, fileId: doc.id }, { onSuccess: () => setDoc(null) })}
      >
        <Text size="sm">Its passages are removed from the knowledge base; assistants no longer answer from it.</Text>
      </ConfirmModal>
      <TypeToConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${kb.name}?`}
        expected={kb.name}
        inputLabel="Type the knowledge base's name to confirm"
        consequences={`Its ${kb.files.length} document(s) go with it, and assistants linked to it lose them.`}
        confirmLabel="Delete knowledge base"
        loading={removeKb.isPending}
        error={removeKb.error}
        onConfirm={() => removeKb.mutate(kb.id, { onSuccess: onDeleted })}
      />
    </Stack>
  );
}
