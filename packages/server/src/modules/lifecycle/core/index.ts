/**
 * The app archive core (decision 0059): every part of an application written to, and read from, an
 * archive, so that clone, export, import and backups share one piece of code per part.
 *
 *   exportParts(core, appId, parts, sink, onProgress?) → Manifest
 *       Writes `manifest.json` then each chosen part of the app into `sink` (a ZipSink for an
 *       export, a FolderSink for a clone or a backup). `parts` undefined/empty means all; `data`
 *       brings `schema`. Records are read through `core.reader` (default: the live store), so a
 *       backup can hand in a reader over a consistent snapshot.
 *   importParts(core, appId, source, parts?, onProgress?) → Manifest
 *       Reads the manifest (400 NOT_AN_APP_EXPORT unless it is an app archive of a version this
 *       server reads) and replaces each chosen part of the app (default: every part the archive
 *       holds) with the archive's; caches of the app are dropped in every process afterwards.
 *       A ZipSource has checked the whole ZIP (names, links, sizes, ratio) before this runs.
 *   onProgress({done, total, stage}) is called for every batch of records and every file.
 *
 * Archives: ArchiveSink / ArchiveSource (archive/archive.ts) with ZipSink, ZipSource (checked at
 * open), FolderSink, FolderSource. Layout: manifest.json, schema/schema.json, data/<tableId>.jsonl,
 * links/<columnId>.jsonl, store/<table>.jsonl, system/<table>.jsonl, files/<path>.
 */
import type { AppPart } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { ArchiveSink, ArchiveSource } from '../archive/archive.js';
import type { CoreContext, PartRun, StoreReader } from './context.js';
import { FORMAT, FORMAT_VERSION, MANIFEST, normalizeParts, readManifest, type Manifest } from './manifest.js';
import { Progress, type OnProgress } from './progress.js';
import { dataPart, schemaPart } from './parts/data.js';
import { filesPart } from './parts/files.js';
import { systemPart } from './parts/system.js';
import type { PartCodec } from './parts/part.js';

export type { CoreContext, StoreReader } from './context.js';
export type { Manifest } from './manifest.js';
export type { OnProgress, ProgressReport } from './progress.js';
export { normalizeParts, readManifest } from './manifest.js';

const CODECS: Record<AppPart, PartCodec> = {
  schema: schemaPart,
  data: dataPart,
  files: filesPart,
  security: systemPart('security'),
  users: systemPart('users'),
  code: systemPart('code'),
  settings: systemPart('settings'),
};

const liveReader =
  (ctx: ServerContext): StoreReader =>
  (appId, work) =>
    work(ctx.dbs.app(appId));

function runOf(core: CoreContext, appId: string, progress: Progress): PartRun {
  return { core, appId, progress, read: core.reader ?? liveReader(core.ctx) };
}

export async function exportParts(
  core: CoreContext,
  appId: string,
  parts: readonly AppPart[] | undefined,
  sink: ArchiveSink,
  onProgress?: OnProgress,
  appName = '',
): Promise<Manifest> {
  const chosen = normalizeParts(parts);
  const progress = new Progress(0, onProgress);
  const run = runOf(core, appId, progress);
  const units: Manifest['units'] = {};
  for (const part of chosen) {
    units[part] = await CODECS[part].units(run);
    progress.grow(units[part]);
  }
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    parts: chosen,
    appName,
    createdOn: Date.now(),
    units,
  };
  await sink.json(MANIFEST, manifest);
  for (const part of chosen) {
    progress.at(part);
    await CODECS[part].export(run, sink);
  }
  return manifest;
}

export async function importParts(
  core: CoreContext,
  appId: string,
  source: ArchiveSource,
  parts?: readonly AppPart[],
  onProgress?: OnProgress,
): Promise<Manifest> {
  const manifest = await readManifest(source);
  const chosen = normalizeParts(parts?.length ? parts : manifest.parts).filter((p) => manifest.parts.includes(p));
  const progress = new Progress(0, onProgress);
  for (const part of chosen) progress.grow(manifest.units[part] ?? 1);
  const run = runOf(core, appId, progress);
  try {
    for (const part of chosen) {
      progress.at(part);
      await CODECS[part].import(run, source);
    }
  } finally {
    await forgetApp(core.ctx, appId);
  }
  return manifest;
}

/** Drops what every process keeps in memory about the app (after an import or a reset replaced it). */
export async function forgetApp(ctx: ServerContext, appId: string): Promise<void> {
  for (const kind of [
    'schema',
    'policy',
    'session',
    'log-levels',
    'handlers',
    'services',
    'hipaa',
    'panic',
    'cors',
    'cache-control',
  ] as const)
    await ctx.cluster.invalidation.changed(kind, appId);
}
