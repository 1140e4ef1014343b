import { ConfirmModal } from '../../../components/ConfirmModal';
import { useDeleteEventHandler } from '../api/handlers.queries';
import type { HandlerRow } from '../handler-row';

/** Confirms and deletes one handler or timer (both lists use it); closes itself once deleted. */
export function DeleteHandlerModal({
  appId,
  handler,
  onClose,
}: {
  appId: string;
  handler: HandlerRow | null;
  onClose: () => void;
}) {
  const remove = useDeleteEventHandler(appId);
  const timer = handler?.category === 'TIMER';
  return (
    <ConfirmModal
      opened={handler !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={timer ? `Delete timer ${handler?.timername ?? ''}?` : `Delete the ${handler?.event ?? ''} handler?`}
      confirmLabel={timer ? 'Delete timer' : 'Delete handler'}
      loading={remove.isPending}
      error={remove.error}
      onConfirm={() => handler && remove.mutate(handler, { onSuccess: onClose })}
    >
      {timer
        ? "It stops running at once. Its code stays in the model's files and its run log is kept."
        : `It stops running at once for ${handler?.target ?? '*'}. Its code stays in the model's files.`}
    </ConfirmModal>
  );
}
