import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { NameModal } from '../../../components/NameModal';
import { useCreateApp } from '../api/apps.queries';
import { validateAppName } from '../app-name';

/** `/apps/new`: a modal over the apps list; closing it goes back to the list. */
export default function NewAppPage() {
  const navigate = useNavigate();
  const create = useCreateApp();

  return (
    <NameModal
      opened
      onClose={() => navigate('/apps')}
      title="New app"
      label="App name"
      description="Unique among your apps. Letters, digits, spaces, _ . and -."
      confirmLabel="Create app"
      validate={validateAppName}
      serverFields={['appName', 'name']}
      note="Basalt creates the app's data store and API keys for Android, iOS, JavaScript, REST, Windows Phone, ActionScript and Business Logic."
      loading={create.isPending}
      error={create.error}
      onSubmit={(appName) =>
        create.mutate(
          { appName },
          {
            onSuccess: (app) => {
              notifications.show({
                color: 'teal',
                title: 'App created',
                message: `${app.appName} is ready, with its data store and API keys.`,
              });
              navigate(`/apps/${app.id}/overview`);
            },
          },
        )
      }
    />
  );
}
