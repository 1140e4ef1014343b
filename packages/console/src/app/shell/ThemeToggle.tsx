import { ActionIcon, Menu, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const options = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
] as const;

export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = options.find((o) => o.value === colorScheme) ?? options[2];
  const CurrentIcon = current.icon;
  return (
    <Menu position="bottom-end" width={160} withinPortal>
      <Menu.Target>
        <Tooltip label={`Theme: ${current.label}`}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Colour theme">
            <CurrentIcon size={18} stroke={1.5} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {options.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} stroke={1.5} />}
            rightSection={value === colorScheme ? <IconCheck size={14} stroke={1.5} /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
