import { Outlet } from 'react-router';
import { CommandPalette } from './CommandPalette';

export function SignedInLayout() {
  return (
    <>
      <CommandPalette />
      <Outlet />
    </>
  );
}
