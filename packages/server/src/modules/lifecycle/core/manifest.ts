import { AppParts, ErrorCodes, type AppPart } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { ArchiveSource } from '../archive/archive.js';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'basalt-app-archive';
/** Raised when the layout changes in a way an older reader cannot follow. */
export const FORMAT_VERSION = 1;

/** The first entry of every archive: what it is, which parts it holds and how much of each. */
export interface Manifest {
  format: typeof FORMAT;
  version: number;
  parts: AppPart[];
  appName: string;
  createdOn: number;
  /** Units of work of each part (records and links for data, files for files), for progress. */
  units: Partial<Record<AppPart, number>>;
}

const notExport = (why: string) => new ApiError(ErrorCodes.NOT_AN_APP_EXPORT, `The ZIP is not an app export: ${why}`);

/** Reads and checks the manifest; anything else than an app archive of a known version is refused. */
export async function readManifest(source: ArchiveSource): Promise<Manifest> {
  if (!source.has(MANIFEST)) throw notExport(`it has no ${MANIFEST}`);
  const m = await source.json<Partial<Manifest>>(MANIFEST).catch(() => undefined);
  if (!m || typeof m !== 'object' || m.format !== FORMAT)
    throw notExport(`${MANIFEST} does not describe an app export`);
  if (typeof m.version !== 'number' || m.version > FORMAT_VERSION || m.version < 1)
    throw notExport(`its format version ${String(m.version)} is not read by this server (it reads ${FORMAT_VERSION})`);
  if (!Array.isArray(m.parts) || m.parts.some((p) => !AppParts.includes(p)))
    throw notExport(`${MANIFEST} lists unknown parts`);
  return {
    format: FORMAT,
    version: m.version,
    parts: m.parts,
    appName: typeof m.appName === 'string' ? m.appName : '',
    createdOn: Number(m.createdOn) || 0,
    units: m.units && typeof m.units === 'object' ? m.units : {},
  };
}

/** The parts asked for, in archive order; none means all, and `data` brings `schema`. */
export function normalizeParts(parts?: readonly AppPart[] | null): AppPart[] {
  const chosen = new Set<AppPart>(parts && parts.length ? parts : AppParts);
  if (chosen.has('data')) chosen.add('schema');
  return AppParts.filter((p) => chosen.has(p));
}
