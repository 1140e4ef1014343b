import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LineBuffer, entryName, parseLines, type ArchiveSink, type ArchiveSource, type LineWriter } from './archive.js';

/** An archive kept as a plain folder on disk: a clone goes through one, backups may keep one. */
export class FolderSink implements ArchiveSink {
  constructor(readonly dir: string) {}

  private async target(name: string): Promise<string> {
    const full = path.join(this.dir, ...entryName(name).split('/'));
    await fsp.mkdir(path.dirname(full), { recursive: true });
    return full;
  }

  async json(name: string, value: unknown): Promise<void> {
    await fsp.writeFile(await this.target(name), JSON.stringify(value));
  }

  lines(name: string): LineWriter {
    const buffer = new LineBuffer();
    const opened = this.target(name).then((full) => fs.createWriteStream(full));
    const put = async (chunk: string | undefined) => {
      if (chunk === undefined) return;
      const out = await opened;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    };
    return {
      write: (value) => put(buffer.add(value)),
      end: async () => {
        await put(buffer.take());
        const out = await opened;
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      },
    };
  }

  async file(name: string, source: Readable): Promise<void> {
    await pipeline(source, fs.createWriteStream(await this.target(name)));
  }

  async finish(): Promise<void> {}

  async abort(): Promise<void> {
    await fsp.rm(this.dir, { recursive: true, force: true });
  }
}

/** Reads a folder written by FolderSink. Names are listed once, at open. */
export class FolderSource implements ArchiveSource {
  private constructor(
    readonly dir: string,
    private readonly all: Set<string>,
  ) {}

  static async open(dir: string): Promise<FolderSource> {
    const names: string[] = [];
    const walk = async (rel: string) => {
      for (const e of await fsp.readdir(path.join(dir, rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(child);
        else if (e.isFile()) names.push(child);
      }
    };
    await walk('');
    return new FolderSource(dir, new Set(names));
  }

  private full(name: string): string {
    return path.join(this.dir, ...entryName(name).split('/'));
  }

  names(): string[] {
    return [...this.all];
  }

  has(name: string): boolean {
    return this.all.has(name);
  }

  async json<T>(name: string): Promise<T> {
    return JSON.parse(await fsp.readFile(this.full(name), 'utf8')) as T;
  }

  lines(name: string): AsyncIterable<unknown> {
    return parseLines(fs.createReadStream(this.full(name)));
  }

  async file(name: string): Promise<Readable> {
    return fs.createReadStream(this.full(name));
  }

  async close(): Promise<void> {}
}
