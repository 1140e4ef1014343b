import { NavLink as RouterLink, useLocation } from 'react-router';
import { Tabs } from '@mantine/core';

/** Sub-pages of an area as tabs that are links: the URL stays the state (docs/console-screens.md › URLs). */
export function AreaTabs({
  base,
  tabs,
  label,
}: {
  base: string;
  tabs: ReadonlyArray<{ segment: string; label: string }>;
  label: string;
}) {
  const { pathname } = useLocation();
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\//, '') : '';
  // Mantine tabs need a non-empty value: the area's index page ('' segment) is keyed "index".
  const key = (segment: string) => segment || 'index';
  const active = key(
    tabs.find((t) => t.segment && (rest === t.segment || rest.startsWith(`${t.segment}/`)))?.segment ??
      (tabs.some((t) => t.segment === '') ? '' : tabs[0].segment),
  );
  return (
    <Tabs value={active} mb="lg" keepMounted={false}>
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Tab
            key={key(t.segment)}
            value={key(t.segment)}
            renderRoot={(props) => (
              <RouterLink to={t.segment ? `${base}/${t.segment}` : base} end={!t.segment} {...props} />
            )}
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
