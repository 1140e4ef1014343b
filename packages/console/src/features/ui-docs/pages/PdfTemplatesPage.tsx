import { useState } from 'react';
import { useParams } from 'react-router';
import { ActionIcon, Button, Card, Group, Menu, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PdfTemplate } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useGetTables } from '../../data';
import { useDeletePdfTemplate, useGeneratePdf, usePdfTemplates, useSavePdfTemplate } from '../api/ui-docs.queries';
import { GeneratePdfDialog } from '../components/GeneratePdfDialog';
import { PdfTemplateDialog } from '../components/PdfTemplateDialog';

/** Saves bytes as a file through a temporary object URL. */
function download(bytes: ArrayBuffer, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * PDF templates: HTML with `{{field}}` placeholders printed as PDF with a record's values. The
 * list, a dialog to write a template, "Generate" (a record of a table, then a download), and delete
 * with a confirmation.
 */
export default function PdfTemplatesPage() {
  const { appId = '' } = useParams();
  const list = usePdfTemplates(appId);
  const tables = useGetTables(appId);
  const save = useSavePdfTemplate(appId);
  const remove = useDeletePdfTemplate(appId);
  const generate = useGeneratePdf(appId);
  const [editing, setEditing] = useState<PdfTemplate | 'new' | undefined>();
  const [deleting, setDeleting] = useState<PdfTemplate | undefined>();
  const [printing, setPrinting] = useState<PdfTemplate | undefined>();

  return (
    <>
      <PageHeader
        title="PDF templates"
        description="HTML templates printed as PDF with a record's values, by a headless browser that reaches no network."
        actions={<Button onClick={() => setEditing('new')}>New template</Button>}
      />
      {list.isPending ? (
        <Skeleton height={200} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Title order={3}>No PDF templates yet</Title>
            <Text c="dimmed" ta="center" maw={520}>
              Write HTML with placeholders such as <code>{'{{customer}}'}</code>, then generate a PDF from any record.
            </Text>
            <Button mt="sm" onClick={() => setEditing('new')}>
              Create a template
            </Button>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="PDF templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name ({list.data.length})</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Changed</Table.Th>
                <Table.Th w={160} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td fw={500}>{t.name}</Table.Td>
                  <Table.Td>{t.content.length.toLocaleString()} characters</Table.Td>
                  <Table.Td>{new Date(t.updated).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setPrinting(t)}>
                        Generate
                      </Button>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${t.name}`}>
                            ⋯
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(t)}>Edit</Menu.Item>
                          <Menu.Item color="red" onClick={() => setDeleting(t)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {editing && (
        <PdfTemplateDialog
          template={editing === 'new' ? undefined : editing}
          saving={save.isPending}
          error={save.error}
          onClose={() => {
            save.reset();
            setEditing(undefined);
          }}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              {
                onSuccess: (t) => {
                  notifications.show({ color: 'teal', message: `Template ${t.name} saved.` });
                  setEditing(undefined);
                },
              },
            )
          }
        />
      )}
      {printing && (
        <GeneratePdfDialog
          template={printing}
          tables={tables.data ?? []}
          generating={generate.isPending}
          error={generate.error}
          onClose={() => {
            generate.reset();
            setPrinting(undefined);
          }}
          onGenerate={(payload) =>
            generate.mutate(payload, {
              onSuccess: (bytes) => {
                download(bytes, `${printing.name}.pdf`);
                setPrinting(undefined);
              },
            })
          }
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => {
          remove.reset();
          setDeleting(undefined);
        }}
        title={`Delete PDF template ${deleting?.name ?? ''}?`}
        confirmLabel="Delete template"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Template ${deleting.name} is deleted.` });
              setDeleting(undefined);
            },
          })
        }
      >
        PDFs generated from it stay where they were saved.
      </ConfirmModal>
    </>
  );
}
