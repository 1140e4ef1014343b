import type { AppPart } from '@basalt/shared';
import type { ArchiveSink, ArchiveSource } from '../../archive/archive.js';
import type { PartRun } from '../context.js';

/** One part of an app: how much work its export is, how it writes itself and how it reads itself back. */
export interface PartCodec {
  part: AppPart;
  /** Units of work of an export of this part (records, files, tables of rows). */
  units(run: PartRun): Promise<number>;
  export(run: PartRun, sink: ArchiveSink): Promise<void>;
  /** Replaces this part of `run.appId` with the archive's. */
  import(run: PartRun, source: ArchiveSource): Promise<void>;
}

/** Entry names from ids: ids are safe today, encoding keeps any future one a single segment. */
export const seg = (id: string) => encodeURIComponent(id);
