import type { ArchiveSource } from '../../archive/archive.js';
import type { PartRun } from '../context.js';
import type { PartCodec } from './part.js';

const PREFIX = 'files/';
/** More than the files area lists in one walk; an app export takes every file. */
const MAX_FILES = 10_000_000;

const driverOf = (run: PartRun) => run.core.storage.forApp(run.appId);

async function filesOf(run: PartRun) {
  const all = await driverOf(run).list('', { recursive: true, maxEntries: MAX_FILES });
  return all.filter((e) => e.type === 'FILE');
}

/** Names of the archive's files, as storage paths. */
const archivedFiles = (source: ArchiveSource) =>
  source
    .names()
    .filter((n) => n.startsWith(PREFIX) && !n.endsWith('/'))
    .map((n) => n.slice(PREFIX.length));

/** The app's files as raw entries under `files/`, streamed one by one; an import replaces every file. */
export const filesPart: PartCodec = {
  part: 'files',
  async units(run) {
    return (await filesOf(run)).length;
  },
  async export(run, sink) {
    const driver = driverOf(run);
    run.progress.at('files');
    for (const entry of await filesOf(run)) {
      const { stream } = await driver.read(entry.path);
      await sink.file(`${PREFIX}${entry.path}`, stream);
      run.progress.add(1);
    }
  },
  async import(run, source) {
    const driver = driverOf(run);
    run.progress.at('files');
    for (const top of await driver.list('')) await driver.remove(top.path);
    const limit = Math.max(run.core.ctx.config.uploadLimit, 4 * 1024 ** 3);
    for (const path of archivedFiles(source)) {
      await driver.write(path, await source.file(`${PREFIX}${path}`), { limit, overwrite: true });
      run.progress.add(1);
    }
  },
};
