import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { NameModal } from '../../../components/NameModal';
import { validateAppName } from '../../apps';
import { useCreateAppFromZip } from '../api/lifecycle.queries';
import { isNotAvailable } from '../lifecycle-state';
import { NotAvailableNote } from './NotAvailableNote';
import { useZipSourceField, ZipSourceInput } from './ZipSourceInput';

/** On the apps list: a new app made from an exported app ZIP (uploaded, or fetched by the server from a URL). */
export function CreateAppFromZipModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateAppFromZip();
  const zip = useZipSourceField();
  const close = () => {
    create.reset();
    zip.clear();
    onClose();
  };
  const unavailable = isNotAvailable(create.error);

  return (
    <NameModal
      opened={opened}
      onClose={close}
      title="Create app from ZIP"
      label="App name"
      description="The new app's name, unique among your apps."
      confirmLabel="Create app"
      validate={validateAppName}
      serverFields={['appName', 'name']}
      loading={create.isPending}
      error={unavailable ? undefined : create.error}
      note="The whole archive is checked before anything is written; the import shows its progress in the task tray."
      onSubmit={(appName) => {
        const source = zip.check();
        if (!source) return;
        create.mutate(
          { appName, source },
          {
            onSuccess: ({ appId }) => {
              notifications.show({ color: 'teal', message: `Creating ${appName} from the ZIP` });
              close();
              void navigate(`/apps/${encodeURIComponent(appId)}/overview`);
            },
          },
        );
      }}
    >
      <ZipSourceInput {...zip.field} />
      {unavailable && <NotAvailableNote what="creating apps from a ZIP" />}
    </NameModal>
  );
}
