import { NameModal } from '../../../components/NameModal';
import { useCreateJsService } from '../api/services.queries';

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Names a new JS service; the server writes its class into the model's drafts, and the editor opens it. */
export function NewServiceModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (file: { model: string; path: string }) => void;
}) {
  const create = useCreateJsService(appId);
  return (
    <NameModal
      opened={opened}
      onClose={() => {
        create.reset();
        onClose();
      }}
      title="New JS service"
      label="Service name"
      description="A JavaScript class name: its methods become the service's REST operations once deployed."
      confirmLabel="Create and open in the editor"
      validate={(name) =>
        NAME.test(name) ? null : 'Letters, digits, _ and $, not starting with a digit (a JavaScript class name)'
      }
      serverFields={['name']}
      loading={create.isPending}
      error={create.error}
      onSubmit={(name) =>
        create.mutate(
          { name, model: 'default' },
          {
            onSuccess: (created) => {
              onClose();
              onCreated({ model: created.model, path: created.file.id });
            },
          },
        )
      }
    />
  );
}
