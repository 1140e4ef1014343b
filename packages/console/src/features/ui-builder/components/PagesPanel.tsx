import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Button, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconFile, IconPlus } from '@tabler/icons-react';
import { NameModal } from '../../../components/NameModal';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useCreatePage, useDeletePage, useRenamePage } from '../api/ui-builder.queries';
import type { PageSummary } from '../api/answers';
import { validateUiName } from '../model/names';
import classes from './panels.module.css';

/** The container's pages: open, create, rename, delete. */
export function PagesPanel({
  appId,
  container,
  pages,
  active,
}: {
  appId: string;
  container: string;
  pages: PageSummary[];
  active?: string;
}) {
  const navigate = useNavigate();
  const create = useCreatePage(appId, container);
  const rename = useRenamePage(appId, container);
  const del = useDeletePage(appId, container);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const base = `/apps/${appId}/ui/${encodeURIComponent(container)}/pages`;
  const names = pages.map((p) => p.name);

  return (
    <Stack gap={2}>
      {pages.map((p) => (
        <div key={p.name} className={classes.pageRow} data-active={p.name === active || undefined}>
          <IconFile size={16} stroke={1.5} />
          <UnstyledButton
            component={Link}
            to={`${base}/${encodeURIComponent(p.name)}`}
            style={{ flex: 1, minWidth: 0 }}
            aria-current={p.name === active ? 'page' : undefined}
          >
            <Text size="sm" truncate>
              {p.name}
            </Text>
          </UnstyledButton>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Actions of page ${p.name}`}>
                <IconDots size={14} stroke={1.5} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setRenaming(p.name)}>Rename…</Menu.Item>
              <Menu.Item color="red" onClick={() => setDeleting(p.name)}>
                Delete…
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </div>
      ))}
      <Button
        variant="subtle"
        size="xs"
        justify="flex-start"
        leftSection={<IconPlus size={14} stroke={1.5} />}
        onClick={() => setCreating(true)}
      >
        New page
      </Button>

      <NameModal
        opened={creating}
        onClose={() => {
          setCreating(false);
          create.reset();
        }}
        title="New page"
        label="Page name"
        description="It becomes the page's address: {container URL}/{name}"
        confirmLabel="Create page"
        validate={(n) => validateUiName(n, names)}
        loading={create.isPending}
        error={create.error}
        onSubmit={(name) =>
          create.mutate(
            { name },
            {
              onSuccess: () => {
                setCreating(false);
                navigate(`${base}/${encodeURIComponent(name)}`);
              },
            },
          )
        }
      />
      <NameModal
        opened={!!renaming}
        onClose={() => {
          setRenaming(null);
          rename.reset();
        }}
        title={`Rename page ${renaming ?? ''}`}
        label="Page name"
        initial={renaming ?? ''}
        confirmLabel="Rename"
        validate={(n) => (n === renaming ? null : validateUiName(n, names))}
        loading={rename.isPending}
        error={rename.error}
        onSubmit={(to) =>
          renaming &&
          rename.mutate(
            { from: renaming, to },
            {
              onSuccess: () => {
                const wasActive = renaming === active;
                setRenaming(null);
                if (wasActive) navigate(`${base}/${encodeURIComponent(to)}`, { replace: true });
              },
            },
          )
        }
      />
      <ConfirmModal
        opened={!!deleting}
        onClose={() => {
          setDeleting(null);
          del.reset();
        }}
        title={`Delete page ${deleting ?? ''}?`}
        confirmLabel="Delete page"
        loading={del.isPending}
        error={del.error}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting, {
            onSuccess: () => {
              notifications.show({ message: `Page ${deleting} deleted` });
              if (deleting === active) navigate(base, { replace: true });
              setDeleting(null);
            },
          })
        }
      >
        <Text size="sm">
          Its components and their logic are removed; the published site keeps it until the next publish.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
