import { NameModal, type NameModalProps } from '../../../components/NameModal';
import { roleNameError } from './role-name';

type Props = Omit<NameModalProps, 'label' | 'description' | 'validate' | 'serverFields'>;

/** Create or rename a role: the same field and rule for both; the server may blame `name` or `roleName`. */
export function RoleNameModal(props: Props) {
  return <NameModal {...props} label="Role name" validate={roleNameError} serverFields={['name', 'roleName']} />;
}
