import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Combobox, Group, ScrollArea, Text, UnstyledButton, useCombobox } from '@mantine/core';
import { IconApps, IconPlus, IconSelector } from '@tabler/icons-react';
import type { AppSummary } from '@basalt/shared';
import { AppAvatar } from '../../components/AppAvatar';
import { useGetApps } from '../../features/apps/api/apps.queries';
import classes from './AppSwitcher.module.css';

/** Searchable app picker in the top bar; keeps the current area when switching apps. */
export function AppSwitcher({ current, area }: { current: AppSummary | undefined; area: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { data: apps = [] } = useGetApps();
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  const needle = search.trim().toLowerCase();
  const shown = apps.filter((a) => a.appName.toLowerCase().includes(needle) || a.id.toLowerCase().includes(needle));

  const go = (value: string) => {
    combobox.closeDropdown();
    if (value === '__all') navigate('/apps');
    else if (value === '__new') navigate('/apps/new');
    else navigate(`/apps/${value}/${area}`);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={go} width={280} position="bottom-start" withinPortal>
      <Combobox.Target targetType="button">
        <UnstyledButton
          className={classes.button}
          onClick={() => combobox.toggleDropdown()}
          aria-label={`Switch app (current: ${current?.appName ?? 'loading'})`}
        >
          <Group gap={8} wrap="nowrap">
            <AppAvatar name={current?.appName ?? '…'} logo={current?.logo} size={22} />
            <Text size="sm" fw={500} truncate="end" maw={160}>
              {current?.appName ?? '…'}
            </Text>
            <IconSelector size={14} stroke={1.5} />
          </Group>
        </UnstyledButton>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Find an app"
          aria-label="Find an app"
        />
        <Combobox.Options>
          <ScrollArea.Autosize mah={280} type="scroll">
            {shown.length === 0 && <Combobox.Empty>No app matches</Combobox.Empty>}
            {shown.map((app) => (
              <Combobox.Option value={app.id} key={app.id} active={app.id === current?.id}>
                <Group gap={8} wrap="nowrap">
                  <AppAvatar name={app.appName} logo={app.logo} size={20} />
                  <Text size="sm" truncate="end">
                    {app.appName}
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
          </ScrollArea.Autosize>
        </Combobox.Options>
        <Combobox.Footer>
          <Combobox.Options>
            <Combobox.Option value="__all">
              <Group gap={8}>
                <IconApps size={16} stroke={1.5} />
                <Text size="sm">All apps</Text>
              </Group>
            </Combobox.Option>
            <Combobox.Option value="__new">
              <Group gap={8}>
                <IconPlus size={16} stroke={1.5} />
                <Text size="sm">New app</Text>
              </Group>
            </Combobox.Option>
          </Combobox.Options>
        </Combobox.Footer>
      </Combobox.Dropdown>
    </Combobox>
  );
}
