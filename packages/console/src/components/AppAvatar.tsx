import { Avatar } from '@mantine/core';
import { initials } from '../lib/format';

export function AppAvatar({ name, logo, size = 28 }: { name: string; logo?: string | null; size?: number }) {
  return (
    <Avatar src={logo ?? undefined} alt="" size={size} radius="sm" color="indigo" variant="light">
      {initials(name)}
    </Avatar>
  );
}
