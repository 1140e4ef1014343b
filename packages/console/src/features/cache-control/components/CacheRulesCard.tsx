import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconClockBolt, IconPlus, IconX } from '@tabler/icons-react';
import type { CachePolicy, CachePolicyService } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { EditDeleteActions } from '../../../components/EditDeleteActions';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDeleteServiceItem, useLoadAllServiceItems } from '../api/cache-control.queries';
import { ageInWords, headerOf } from './cache-rule-form';
import { CacheRuleModal } from './CacheRuleModal';

const SERVICE_LABEL: Record<CachePolicyService, string> = { data: 'Data', files: 'Files' };

/** `*` reads as what it means; other targets are table names or folder paths, shown in mono. */
function Target({ rule }: { rule: CachePolicy }) {
  if (rule.target === '*')
    return (
      <Text size="sm" fs="italic">
        {rule.service === 'data' ? 'Every table' : 'Every file'} (*)
      </Text>
    );
  return (
    <Text size="sm" className="mono">
      {rule.service === 'files' ? `${rule.target}/…` : rule.target}
    </Text>
  );
}

/**
 * Security › Safety: the HTTP caching rules the app API applies to its GET answers of data tables
 * and files (decision 0064), in one table for both services.
 */
export function CacheRulesCard({ appId, disabledReason }: { appId: string; disabledReason?: string }) {
  const data = useLoadAllServiceItems(appId, 'data');
  const files = useLoadAllServiceItems(appId, 'files');
  const remove = useDeleteServiceItem(appId);
  const [editing, setEditing] = useState<{ service: CachePolicyService; rule?: CachePolicy }>();
  const [deleting, setDeleting] = useState<CachePolicy>();

  const failed = data.error ?? files.error;
  const rules = [...(data.data ?? []), ...(files.data ?? [])].sort(
    (a, b) => a.service.localeCompare(b.service) || a.target.localeCompare(b.target),
  );
  const addButton = (
    <Tooltip label={disabledReason} disabled={!disabledReason}>
      <Button
        leftSection={<IconPlus size={18} stroke={1.5} />}
        disabled={!!disabledReason}
        onClick={() => setEditing({ service: 'data' })}
      >
        Add rule
      </Button>
    </Tooltip>
  );

  let body;
  if (failed)
    body = (
      <ErrorAlert
        error={failed}
        onRetry={() => {
          void data.refetch();
          void files.refetch();
        }}
      />
    );
  else if (data.isPending || files.isPending)
    body = (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  else if (rules.length === 0)
    body = (
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon variant="light" color="gray" size={40} radius="xl">
          <IconClockBolt size={22} stroke={1.5} />
        </ThemeIcon>
        <Text size="sm" fw={500}>
          No cache-control rules yet
        </Text>
        <Text size="sm" c="dimmed" ta="center" maw={460}>
          Without a rule, GET answers of data and files carry no caching headers. Add one to let browsers and CDNs keep
          answers, or to revalidate them cheaply with an ETag.
        </Text>
        {addButton}
      </Stack>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Cache-control rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>Cache-Control</Table.Th>
              <Table.Th>Max-age</Table.Th>
              <Table.Th>ETag</Table.Th>
              <Table.Th w={80}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((rule) => (
              <Table.Tr key={`${rule.service}:${rule.target}`}>
                <Table.Td>
                  <Badge variant="light" color="gray" radius="sm">
                    {SERVICE_LABEL[rule.service]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Target rule={rule} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" className="mono">
                    {headerOf(rule)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{rule.cacheControl === 'no-cache' ? '—' : ageInWords(rule.maxAge)}</Text>
                </Table.Td>
                <Table.Td>
                  {rule.etag ? (
                    <Group gap={4} wrap="nowrap">
                      <IconCheck size={16} stroke={1.5} color="var(--mantine-color-teal-6)" aria-hidden />
                      <Text size="sm">On</Text>
                    </Group>
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      <IconX size={16} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
                      <Text size="sm" c="dimmed">
                        Off
                      </Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  <EditDeleteActions
                    what={`rule for ${rule.target}`}
                    onEdit={() => setEditing({ service: rule.service, rule })}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(rule);
                    }}
                    disabledReason={disabledReason}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cache-rules-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} id="cache-rules-title">
              Cache-control rules
            </Title>
            {rules.length > 0 && (
              <Badge variant="light" color="gray" radius="sm">
                {rules.length}
              </Badge>
            )}
          </Group>
          {rules.length > 0 && addButton}
        </Group>
        <Text size="sm" c="dimmed">
          How HTTP caches may keep the app API&apos;s GET answers of a table or a files folder. The most specific rule
          wins; answers to signed-in users are never public.
        </Text>
        {body}
      </Stack>
      <CacheRuleModal
        appId={appId}
        opened={!!editing}
        service={editing?.service ?? 'data'}
        rule={editing?.rule}
        onClose={() => setEditing(undefined)}
        onSaved={(rule, created) => {
          setEditing(undefined);
          notifications.show({
            color: 'teal',
            title: created ? 'Rule added' : 'Rule saved',
            message: `GET answers of ${rule.target === '*' ? `every ${rule.service === 'data' ? 'table' : 'file'}` : rule.target} now get Cache-Control: ${headerOf(rule)}.`,
          });
        }}
      />
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(undefined)}
        title={`Delete the rule for ${deleting?.target ?? ''}?`}
        confirmLabel="Delete rule"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { service: deleting.service, target: deleting.target },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: `The rule for ${deleting.target} is deleted.` });
                setDeleting(undefined);
              },
            },
          )
        }
      >
        GET answers of {deleting?.target === '*' ? 'every target without its own rule' : deleting?.target} stop carrying
        these caching headers{deleting?.target === '*' ? '' : ', unless a * rule covers them'}. Copies that caches
        already keep expire on their own.
      </ConfirmModal>
    </Paper>
  );
}
