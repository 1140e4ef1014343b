import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LINE_LEVELS, type CloudLogLine } from '@basalt/shared';
import { useCloudLogs } from '../api/logs';

const COLORS: Record<string, string> = {
  FATAL: 'red',
  ERROR: 'red',
  WARN: 'yellow',
  INFO: 'blue',
  DEBUG: 'gray',
  TRACE: 'gray',
};

/** Minimum levels the filter offers, most severe first (a level shows itself and everything above it). */
const FILTERS = ['ERROR', 'WARN', 'INFO', 'DEBUG'] as const;

function severity(level: string): number {
  const i = LINE_LEVELS.indexOf(level as (typeof LINE_LEVELS)[number]);
  return i === -1 ? LINE_LEVELS.length : i;
}

function time(ts: number): string {
  const d = new Date(ts);
  return `${d.toLocaleTimeString([], { hour12: false })}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/**
 * The app's live log: cloud code's console output, its Logging calls and the apps' own Logging, with
 * a level filter, a search, pause and clear. New lines stay in view unless the reader scrolled up.
 */
export function LogStream({ appId, height = 480 }: { appId: string; height?: number }) {
  const [paused, setPaused] = useState(false);
  const [minimum, setMinimum] = useState<(typeof FILTERS)[number]>('DEBUG');
  const [search, setSearch] = useState('');
  const { lines, state, error, clear } = useCloudLogs(appId, paused);
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  const needle = search.trim().toLowerCase();
  const shown = lines.filter(
    (l) =>
      severity(l.level) <= severity(minimum) &&
      (!needle || l.message.toLowerCase().includes(needle) || (l.name ?? '').toLowerCase().includes(needle)),
  );

  useEffect(() => {
    if (pinned.current && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [shown.length]);

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            aria-label="Lowest level shown"
            value={minimum}
            onChange={(v) => setMinimum(v as (typeof FILTERS)[number])}
            data={FILTERS.map((f) => ({ value: f, label: f === 'DEBUG' ? 'All' : `${f}+` }))}
          />
          <TextInput
            size="xs"
            aria-label="Search log lines"
            placeholder="Search"
            leftSection={<IconSearch size={14} stroke={1.5} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Group>
        <Group gap="sm">
          <Badge
            variant="dot"
            color={paused ? 'gray' : state === 'live' ? 'green' : state === 'error' ? 'red' : 'yellow'}
            aria-label={`Log stream ${paused ? 'paused' : state}`}
          >
            {paused ? 'Paused' : state === 'live' ? 'Live' : state === 'error' ? 'Disconnected' : 'Connecting'}
          </Badge>
          <Switch size="sm" label="Listen" checked={!paused} onChange={(e) => setPaused(!e.currentTarget.checked)} />
          <Button size="compact-sm" variant="default" onClick={clear} disabled={lines.length === 0}>
            Clear
          </Button>
        </Group>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error.message} <span className="mono">({error.code})</span>
        </Text>
      )}
      <Paper
        withBorder
        radius="sm"
        ref={box}
        role="log"
        aria-label="Log lines"
        aria-live="polite"
        h={height}
        style={{ overflow: 'auto', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 }}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {shown.length === 0 && (
          <Text size="sm" c="dimmed" p="md" ff="text">
            {lines.length === 0
              ? "No log lines yet. console.log in cloud code, Backendless.Logging and your apps' Logging calls show up here live."
              : 'No line matches the filter.'}
          </Text>
        )}
        {shown.map((line) => (
          <LogRow key={`${line.seq}:${line.ts}`} line={line} />
        ))}
      </Paper>
      <Text size="xs" c="dimmed">
        {shown.length} of {lines.length} lines
      </Text>
    </Stack>
  );
}

function LogRow({ line }: { line: CloudLogLine }) {
  return (
    <Group
      gap={8}
      wrap="nowrap"
      px="sm"
      py={2}
      align="flex-start"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text span size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {time(line.ts)}
      </Text>
      <Badge size="xs" variant="light" color={COLORS[line.level] ?? 'gray'} style={{ flexShrink: 0 }} w={52}>
        {line.level}
      </Badge>
      <Text span size="xs" c="dimmed" style={{ flexShrink: 0 }} maw={180} truncate>
        {line.name ?? line.logger}
      </Text>
      <Text span size="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {line.message}
      </Text>
    </Group>
  );
}
