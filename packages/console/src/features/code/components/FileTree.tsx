import { Link } from 'react-router';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFileCode, IconFolder } from '@tabler/icons-react';

interface Entry {
  id: string;
}

/** Draft files grouped by folder, as links; a dirty file carries a dot. */
export function FileTree({
  files,
  active,
  dirty,
  hrefOf,
}: {
  files: Entry[];
  active: string | undefined;
  dirty: Set<string>;
  hrefOf: (id: string) => string;
}) {
  const folders = new Map<string, Entry[]>();
  for (const f of [...files].sort((a, b) => a.id.localeCompare(b.id))) {
    const slash = f.id.lastIndexOf('/');
    const folder = slash === -1 ? '' : f.id.slice(0, slash);
    folders.set(folder, [...(folders.get(folder) ?? []), f]);
  }
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No draft files yet.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={560}>
      <Stack gap={0} role="tree" aria-label="Draft files">
        {[...folders].map(([folder, entries]) => (
          <div key={folder} role="group" aria-label={folder || 'Top level'}>
            {folder && (
              <NavLink
                component="div"
                label={folder}
                leftSection={<IconFolder size={14} stroke={1.5} />}
                styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                style={{ cursor: 'default' }}
              />
            )}
            {entries.map((f) => {
              const name = f.id.slice(f.id.lastIndexOf('/') + 1);
              return (
                <NavLink
                  key={f.id}
                  component={Link}
                  to={hrefOf(f.id)}
                  role="treeitem"
                  aria-current={f.id === active ? 'page' : undefined}
                  active={f.id === active}
                  pl={folder ? 28 : undefined}
                  leftSection={<IconFileCode size={14} stroke={1.5} />}
                  label={
                    <span className="mono" style={{ fontSize: 12 }}>
                      {name}
                      {dirty.has(f.id) && <span aria-label=" (unsaved)"> ●</span>}
                    </span>
                  }
                />
              );
            })}
          </div>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
