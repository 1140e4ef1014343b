import { NameModal, type NameModalProps } from '../../../components/NameModal';
import { channelNameProblem } from '../channel-name';

type Props = Omit<NameModalProps, 'label' | 'description' | 'validate' | 'serverFields'>;

/** Name of a new or renamed channel: the same field, wording and rule wherever a channel is named. */
export function ChannelNameModal(props: Props) {
  return (
    <NameModal
      {...props}
      label="Channel name"
      description="Apps publish and subscribe with this name."
      validate={(name) => channelNameProblem(name.trim())}
    />
  );
}
