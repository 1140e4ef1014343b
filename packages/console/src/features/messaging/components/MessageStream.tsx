import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { PublishedMessage } from '@basalt/shared';
import { preciseTime, preview } from '../json-text';
import classes from './MessageStream.module.css';

interface Props {
  /** Newest first. */
  messages: PublishedMessage[];
  selected?: string;
  onSelect: (message: PublishedMessage) => void;
}

const ROW = 52;

/**
 * Live messages, newest on top, virtualised. While the developer reads further down, new
 * messages do not move the view: a button offers to jump back to the newest.
 */
export function MessageStream({ messages, selected, onSelect }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
    getItemKey: (i) => messages[i].messageId,
  });
  const [atTop, setAtTop] = useState(true);
  const [seen, setSeen] = useState(messages.length);
  const unseen = atTop ? 0 : Math.max(0, messages.length - seen);

  useEffect(() => {
    if (atTop) setSeen(messages.length);
  }, [atTop, messages.length]);

  // Reading further down: keep the same messages in view as new ones are added above them.
  const previousCount = useRef(messages.length);
  useEffect(() => {
    const added = messages.length - previousCount.current;
    previousCount.current = messages.length;
    const el = scrollRef.current;
    if (el && added > 0 && !atTop) el.scrollTop += added * ROW;
  }, [messages.length, atTop]);

  return (
    <Box pos="relative">
      {unseen > 0 && (
        <Button size="xs" radius="xl" className={classes.jump} onClick={() => scrollRef.current?.scrollTo({ top: 0 })}>
          {unseen} new {unseen === 1 ? 'message' : 'messages'}
        </Button>
      )}
      <div
        ref={scrollRef}
        className={classes.scroll}
        onScroll={(e) => setAtTop(e.currentTarget.scrollTop < 8)}
        role="log"
        aria-label="Live messages"
        aria-live="polite"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const m = messages[item.index];
            return (
              <UnstyledButton
                key={item.key}
                className={classes.row}
                data-selected={m.messageId === selected || undefined}
                style={{ transform: `translateY(${item.start}px)`, height: ROW }}
                onClick={() => onSelect(m)}
                aria-label={`Message ${preview(m.message, 60)}`}
                aria-pressed={m.messageId === selected}
              >
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" className="mono">
                    {preciseTime(m.timestamp)}
                  </Text>
                  {m.publisherId && (
                    <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
                      {m.publisherId}
                    </Badge>
                  )}
                  {Object.keys(m.headers ?? {}).length > 0 && (
                    <Text size="xs" c="dimmed">
                      {Object.keys(m.headers).length} {Object.keys(m.headers).length === 1 ? 'header' : 'headers'}
                    </Text>
                  )}
                </Group>
                <Text size="sm" className="mono" truncate="end">
                  {preview(m.message)}
                </Text>
              </UnstyledButton>
            );
          })}
        </div>
      </div>
    </Box>
  );
}
