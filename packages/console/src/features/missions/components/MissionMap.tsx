import { Box, useMantineTheme } from '@mantine/core';
import type { GameMapItem } from '@basalt/shared';

/**
 * The pack's missions as a path: a node per mission at its map position, a line from each
 * prerequisite; done missions are filled, open ones outlined, locked ones grey.
 */
export function MissionMap({ items, onPick }: { items: GameMapItem[]; onPick: (id: string) => void }) {
  const theme = useMantineTheme();
  const byId = new Map(items.map((m) => [m.id, m]));
  const colour = (m: GameMapItem) =>
    m.completed ? theme.colors.teal[6] : m.unlocked ? theme.colors.indigo[6] : theme.colors.gray[5];
  return (
    <Box mb="lg" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
      <svg
        viewBox="0 0 100 40"
        width="100%"
        height={200}
        role="img"
        aria-label="Mission map"
        style={{ display: 'block' }}
      >
        {items.flatMap((m) =>
          m.requires.map((r) => {
            const from = byId.get(r);
            if (!from) return null;
            return (
              <line
                key={`${r}-${m.id}`}
                x1={from.x}
                y1={from.y * 0.4}
                x2={m.x}
                y2={m.y * 0.4}
                stroke={m.unlocked ? theme.colors.indigo[3] : theme.colors.gray[4]}
                strokeWidth={0.6}
                strokeDasharray={m.unlocked ? undefined : '1.5 1'}
              />
            );
          }),
        )}
        {items.map((m) => (
          <g key={m.id} onClick={() => onPick(m.id)} style={{ cursor: 'pointer' }} data-testid={`map-node-${m.id}`}>
            <circle
              cx={m.x}
              cy={m.y * 0.4}
              r={3.2}
              fill={m.completed ? colour(m) : 'var(--mantine-color-body)'}
              stroke={colour(m)}
              strokeWidth={0.8}
            />
            <text x={m.x} y={m.y * 0.4 + 6.5} textAnchor="middle" fontSize={2.4} fill="currentColor">
              {m.title}
            </text>
          </g>
        ))}
      </svg>
    </Box>
  );
}
