import { Link, useLocation } from 'react-router';
import { ActionIcon, Badge, Box, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { sidebarAreas, type AreaDef } from '@basalt/shared';
import { areaIcon } from '../../components/area-icons';
import { useLoadStatus } from '../../features/areas/api/status.queries';
import classes from './AppSidebar.module.css';

const groups: Array<{ id: AreaDef['group']; label: string | null }> = [
  { id: 'overview', label: null },
  { id: 'build', label: 'Build' },
  { id: 'observe', label: 'Observe' },
  { id: 'manage', label: 'Manage' },
  { id: 'extend', label: 'Extend' },
];

export function AppSidebar({ appId, rail, onToggleRail }: { appId: string; rail: boolean; onToggleRail: () => void }) {
  const { pathname } = useLocation();
  const { data: status } = useLoadStatus();

  return (
    <Stack h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }} type="scroll">
        <nav aria-label="App areas">
          <Stack gap={2} p="sm">
            {groups.map((group) => {
              // Parts of an area (SQL service in Data …) are not entries of their own; the palette lists them.
              const areas = sidebarAreas().filter((a) => a.group === group.id);
              if (areas.length === 0) return null;
              return (
                <Box key={group.id} mb={4}>
                  {group.label &&
                    (rail ? (
                      <Box className={classes.railDivider} aria-hidden="true" />
                    ) : (
                      <Text className={classes.groupLabel} component="h2">
                        {group.label}
                      </Text>
                    ))}
                  {areas.map((area) => {
                    const Icon = areaIcon(area.id);
                    const href = `/apps/${appId}/${area.segment}`;
                    const active = pathname === href || pathname.startsWith(`${href}/`);
                    const notAvailable = status?.areas[area.id] === 'not-available';
                    const link = (
                      <NavLink
                        key={area.id}
                        component={Link}
                        to={href}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        aria-label={rail ? `${area.title}${notAvailable ? ' (not available yet)' : ''}` : undefined}
                        label={rail ? null : area.title}
                        leftSection={<Icon size={20} stroke={1.5} />}
                        rightSection={
                          !rail && notAvailable ? (
                            <Badge size="xs" variant="default" radius="sm" className={classes.badge}>
                              not available yet
                            </Badge>
                          ) : null
                        }
                        className={classes.link}
                        data-rail={rail || undefined}
                      />
                    );
                    return rail ? (
                      <Tooltip
                        key={area.id}
                        label={notAvailable ? `${area.title} — not available yet` : area.title}
                        position="right"
                      >
                        {link}
                      </Tooltip>
                    ) : (
                      link
                    );
                  })}
                </Box>
              );
            })}
          </Stack>
        </nav>
      </ScrollArea>
      <Box p="sm" className={classes.footer}>
        <Tooltip label={rail ? 'Expand sidebar  [' : 'Collapse sidebar  ['} position="right">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggleRail}
            aria-label={rail ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-keyshortcuts="["
          >
            {rail ? (
              <IconLayoutSidebarLeftExpand size={18} stroke={1.5} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={18} stroke={1.5} />
            )}
          </ActionIcon>
        </Tooltip>
      </Box>
    </Stack>
  );
}
