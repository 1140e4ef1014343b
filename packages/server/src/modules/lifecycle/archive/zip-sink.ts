import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { LineBuffer, entryName, type ArchiveSink, type LineWriter } from './archive.js';

/**
 * Writes an archive as a ZIP file, streamed: each entry is deflated as it comes and goes to disk,
 * waiting for the disk when it is behind, so an app of any size exports in flat memory. Entries
 * are written one after the other (the core never opens two at once). fflate does the deflating
 * and the ZIP framing; it was checked on Node 20 and is already used by the files module.
 */
export class ZipSink implements ArchiveSink {
  private readonly out: fs.WriteStream;
  private readonly zip: Zip;
  private failure: Error | undefined;
  private readonly closed: Promise<void>;
  /** Bytes written so far (the ZIP's size once finished). */
  bytes = 0;

  constructor(readonly filePath: string) {
    this.out = fs.createWriteStream(filePath);
    this.closed = new Promise((resolve, reject) => {
      this.out.once('close', resolve);
      this.out.once('error', reject);
    });
    this.closed.catch(() => undefined);
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        this.out.destroy(err);
        return;
      }
      this.bytes += chunk.length;
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.out.writableNeedDrain) return;
    // Whichever comes first removes the other listener: a long export waits thousands of times.
    await new Promise<void>((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.once('drain', done);
      this.out.once('close', done);
    });
  }

  private open(name: string): ZipDeflate {
    const entry = new ZipDeflate(entryName(name), { level: 4 });
    this.zip.add(entry);
    return entry;
  }

  async json(name: string, value: unknown): Promise<void> {
    const entry = this.open(name);
    entry.push(Buffer.from(JSON.stringify(value)), true);
    await this.drained();
  }

  lines(name: string): LineWriter {
    const entry = this.open(name);
    const buffer = new LineBuffer();
    return {
      write: async (value) => {
        const chunk = buffer.add(value);
        if (chunk === undefined) return;
        entry.push(Buffer.from(chunk));
        await this.drained();
      },
      end: async () => {
        entry.push(Buffer.from(buffer.take() ?? ''), true);
        await this.drained();
      },
    };
  }

  async file(name: string, source: Readable): Promise<void> {
    const entry = this.open(name);
    for await (const chunk of source) {
      entry.push(chunk as Buffer);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await this.drained();
  }

  async finish(): Promise<void> {
    this.zip.end();
    await this.closed;
    if (this.failure) throw this.failure;
  }

  async abort(): Promise<void> {
    this.zip.terminate();
    this.out.destroy();
    await this.closed.catch(() => undefined);
    await fsp.rm(this.filePath, { force: true });
  }
}
