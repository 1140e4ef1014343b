import { useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useLoadRoles } from '../../security';
import { useAuth0Configuration, useAuth0ScopeBindings } from '../api/auth0.queries';
import { Auth0SettingsForm } from '../components/Auth0SettingsForm';
import { ScopeBindingsTable } from '../components/ScopeBindingsTable';

/** `/users/auth0`: Auth0 settings and the scope-to-role bindings every provider sign-in applies. */
export default function Auth0Page() {
  const { appId = '' } = useParams();
  const config = useAuth0Configuration(appId);
  const bindings = useAuth0ScopeBindings(appId);
  const roles = useLoadRoles(appId);
  const failed = config.error ?? bindings.error ?? roles.error;
  if (failed)
    return (
      <ErrorAlert
        error={failed}
        onRetry={() => {
          void config.refetch();
          void bindings.refetch();
          void roles.refetch();
        }}
      />
    );
  if (!config.data || !bindings.data || !roles.data) return <PageSkeleton rows={6} />;
  // Built-in roles follow from how a user calls (the server refuses to assign them), SocialUser aside.
  const names = roles.data.filter((r) => !r.system || r.name === 'SocialUser').map((r) => r.name);
  return (
    <Stack gap="lg" maw={960}>
      <Auth0SettingsForm appId={appId} value={config.data} roles={names} />
      <ScopeBindingsTable appId={appId} bindings={bindings.data} roles={names} />
    </Stack>
  );
}
