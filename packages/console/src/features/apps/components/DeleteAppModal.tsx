import { List } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppSummary } from '@basalt/shared';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useDeleteApp } from '../api/apps.queries';

export function DeleteAppModal({
  app,
  onClose,
  onDeleted,
}: {
  app: AppSummary | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteApp();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <TypeToConfirmModal
      opened={!!app}
      onClose={close}
      title={`Delete ${app?.appName ?? 'app'}?`}
      expected={app?.appName ?? ''}
      inputLabel="Type the app name to confirm"
      confirmLabel="Delete app"
      loading={remove.isPending}
      error={remove.error}
      consequences={
        <>
          This cannot be undone. Deleting the app removes:
          <List size="sm" mt={6} spacing={2}>
            <List.Item>every table and record in its data store</List.Item>
            <List.Item>its files, users, API keys and settings</List.Item>
            <List.Item>access for every team member</List.Item>
          </List>
        </>
      }
      onConfirm={() => {
        if (!app) return;
        remove.mutate(app.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `${app.appName} was deleted` });
            close();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
