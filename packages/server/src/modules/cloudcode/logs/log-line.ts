import { LINE_LEVELS, type CloudLogLine, type LineLevel, type LogLevelName, type LogLineKind } from '@basalt/shared';

/** What a writer gives the sink: the sink adds the app, the sequence number and a missing time. */
export interface LogLineInput {
  ts?: number;
  level: string;
  logger: string;
  message: string;
  kind: LogLineKind;
  name?: string;
  invocationId?: string;
}

/** A line as the sink stores and sends it. */
export type StoredLine = CloudLogLine;

/**
 * Longest message kept, in characters. The app API refuses longer ones (413); cloud code's lines
 * are cut here, so 2,000 lines of one app stay within a few megabytes.
 */
export const MAX_MESSAGE_CHARS = 8_192;
const MAX_LOGGER_CHARS = 200;
const MAX_NAME_CHARS = 300;

/** Log4J's order: a configured level keeps itself and every level with a lower number. */
const PRIORITY: Record<LogLevelName, number> = {
  OFF: 0,
  FATAL: 1,
  ERROR: 2,
  WARN: 3,
  INFO: 4,
  DEBUG: 5,
  TRACE: 6,
  ALL: 6,
};

export function levelPriority(level: LogLevelName): number {
  return PRIORITY[level];
}

/** A level as written by anyone (`info`, `Warn`, `warning`, `log`) mapped to one of the line levels. */
export function lineLevel(level: string): LineLevel {
  const upper = level.toUpperCase();
  if ((LINE_LEVELS as readonly string[]).includes(upper)) return upper as LineLevel;
  if (upper === 'WARNING') return 'WARN';
  if (upper === 'LOG') return 'INFO';
  return 'INFO';
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** The stored form of an input line: level normalised, texts cut to their limits. */
export function storedLine(appId: string, seq: number, input: LogLineInput): StoredLine {
  const line: StoredLine = {
    appId,
    seq,
    ts: typeof input.ts === 'number' && Number.isFinite(input.ts) ? input.ts : Date.now(),
    level: lineLevel(String(input.level)),
    logger: cut(String(input.logger || 'default'), MAX_LOGGER_CHARS),
    message: cut(String(input.message), MAX_MESSAGE_CHARS),
    kind: input.kind,
  };
  if (input.name) line.name = cut(String(input.name), MAX_NAME_CHARS);
  if (input.invocationId) line.invocationId = String(input.invocationId).slice(0, 100);
  return line;
}
