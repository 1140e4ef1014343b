import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useAuthKey } from './useAuthKey';
import { safeNext } from './sign-in-state';

/** Sign-in and sign-up screens make no sense when already signed in: go where the developer meant. */
export function GuestOnly() {
  const authKey = useAuthKey();
  const [params] = useSearchParams();
  if (authKey) return <Navigate to={safeNext(params.get('next'))} replace />;
  return <Outlet />;
}
