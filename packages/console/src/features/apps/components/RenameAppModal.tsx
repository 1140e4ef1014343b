import { notifications } from '@mantine/notifications';
import type { AppSummary } from '@basalt/shared';
import { NameModal } from '../../../components/NameModal';
import { useRenameApp } from '../api/apps.queries';
import { validateAppName } from '../app-name';

export function RenameAppModal({ app, onClose }: { app: AppSummary | null; onClose: () => void }) {
  const rename = useRenameApp();
  const close = () => {
    rename.reset();
    onClose();
  };

  return (
    <NameModal
      opened={!!app}
      onClose={close}
      title="Rename app"
      label="New name"
      initial={app?.appName}
      confirmLabel="Rename"
      validate={validateAppName}
      serverFields={['appName']}
      note="The app id and API keys stay the same, so clients keep working."
      loading={rename.isPending}
      error={rename.error}
      onSubmit={(appName) => {
        if (!app) return;
        if (appName === app.appName) return close();
        rename.mutate(
          { appId: app.id, appName },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Renamed to ${appName}` });
              close();
            },
          },
        );
      }}
    />
  );
}
