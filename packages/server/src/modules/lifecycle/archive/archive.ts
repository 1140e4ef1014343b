import type { Readable } from 'node:stream';

/**
 * The archive abstraction the app archive core writes to and reads from: a folder-like set of named
 * entries (JSON documents for configuration, JSON Lines for records, raw files). A ZIP (export,
 * import), a temporary folder (clone) and, later, a backup folder all implement it, so every part's
 * exporter and importer is written once.
 *
 * Entry names are relative, `/`-separated, without `.` or `..` segments (checked by `entryName`).
 */
export interface ArchiveSink {
  /** Writes a JSON document. */
  json(name: string, value: unknown): Promise<void>;
  /** Opens a JSON Lines entry: one value per line; `end` must be awaited before the next entry. */
  lines(name: string): LineWriter;
  /** Writes a raw file from a stream. */
  file(name: string, source: Readable): Promise<void>;
  /** Completes the archive (a ZIP's central directory). */
  finish(): Promise<void>;
  /** Drops what was written (a failed export leaves nothing). */
  abort(): Promise<void>;
}

export interface LineWriter {
  /** Adds one value; waits when the destination is behind, so memory stays flat. */
  write(value: unknown): Promise<void>;
  end(): Promise<void>;
}

export interface ArchiveSource {
  /** Every entry name. */
  names(): string[];
  has(name: string): boolean;
  json<T = unknown>(name: string): Promise<T>;
  /** The values of a JSON Lines entry, in order. */
  lines(name: string): AsyncIterable<unknown>;
  /** A raw file. */
  file(name: string): Promise<Readable>;
  close(): Promise<void>;
}

/** Why an entry name cannot be used, or undefined when it is a plain relative path. */
export function unsafeName(name: string): string | undefined {
  if (name.length === 0) return 'it has no name';
  if (name.length > 1024) return 'its name is too long';
  if (name.includes('\\')) return 'it uses backslashes';
  if (name.includes('\u0000')) return 'its name holds NUL';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'it has an absolute path';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..')) return 'it climbs out of the archive (../)';
  if (segments.some((s) => s === '' || s === '.')) return 'its path has an empty or `.` segment';
  return undefined;
}

/** Throws when a name the core writes is not a plain relative path (a bug, never user input). */
export function entryName(name: string): string {
  const why = unsafeName(name);
  if (why) throw new Error(`Archive entry '${name}' cannot be written: ${why}`);
  return name;
}

/** Joins lines into chunks of about 256 KiB: one write per chunk instead of per record. */
export class LineBuffer {
  private parts: string[] = [];
  private size = 0;

  /** Adds a value; answers a full chunk when one is ready. */
  add(value: unknown): string | undefined {
    const line = `${JSON.stringify(value)}\n`;
    this.parts.push(line);
    this.size += line.length;
    return this.size >= 256 * 1024 ? this.take() : undefined;
  }

  take(): string | undefined {
    if (this.parts.length === 0) return undefined;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    return chunk;
  }
}

/** Splits a stream of UTF-8 text into parsed JSON lines. */
export async function* parseLines(stream: AsyncIterable<Buffer | string>): AsyncIterable<unknown> {
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let at = rest.indexOf('\n');
    let from = 0;
    while (at >= 0) {
      if (at > from) yield JSON.parse(rest.slice(from, at));
      from = at + 1;
      at = rest.indexOf('\n', from);
    }
    rest = rest.slice(from);
  }
  rest += decoder.decode();
  if (rest.trim()) yield JSON.parse(rest);
}
