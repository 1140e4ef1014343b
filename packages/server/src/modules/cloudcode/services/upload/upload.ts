import { unzipSync } from 'fflate';
import type { CodeService } from '@basalt/shared';
import { DEFAULT_CODE_MODEL } from '@basalt/shared';
import type { ServerContext } from '../../../../context.js';
import { ApiError } from '../../../../http/api-error.js';
import { DeployService } from '../../deploy/deploy.service.js';
import { filePath } from '../../drafts/paths.js';
import { MAX_MODEL_BYTES, MAX_MODEL_FILES } from '../../drafts/limits.js';
import type { ServicesService } from '../services.service.js';

/** One uploaded part: its file name and bytes. */
export interface UploadedPart {
  fileName: string;
  bytes: Buffer;
}

/** Files a generic upload keeps: code and the JSON it may import. */
const KEPT = /\.(m?js|cjs|json)$/i;
/** Archive entries that are never part of a service (macOS metadata, dependencies, dot files). */
const SKIPPED = /(^|\/)(__MACOSX|node_modules)(\/|$)|(^|\/)\./;

/** A UTF-8 text, or a 400 naming the file. */
function text(path: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw ApiError.field('VALIDATION', 'files', `The file '${path}' is not UTF-8 text`);
  }
}

/** `services/<path>` unless the path already starts there. */
const underServices = (path: string) => (path.startsWith('services/') ? path : `services/${path}`);

/**
 * The files of a .zip archive: entries with a kept extension (directories, metadata and
 * dependencies skipped), sizes checked from the archive's directory before anything is inflated
 * (413), and an archive that cannot be read is a 400.
 */
function unzipped(part: UploadedPart): Array<{ path: string; content: string }> {
  let declared = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(part.bytes, {
      filter: (f) => {
        if (f.name.endsWith('/') || SKIPPED.test(f.name) || !KEPT.test(f.name)) return false;
        declared += f.originalSize;
        count += 1;
        if (declared > MAX_MODEL_BYTES)
          throw ApiError.tooLarge(`The archive '${part.fileName}' unpacks to more than ${MAX_MODEL_BYTES} bytes`);
        if (count > MAX_MODEL_FILES)
          throw ApiError.tooLarge(`The archive '${part.fileName}' holds more than ${MAX_MODEL_FILES} files`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw ApiError.field(
      'VALIDATION',
      'files',
      `The archive '${part.fileName}' cannot be read: ${(err as Error).message}`,
    );
  }
  const files = Object.entries(entries).map(([name, bytes]) => {
    const path = underServices(filePath(name, false));
    return { path, content: text(path, bytes) };
  });
  if (!files.length) throw ApiError.field('VALIDATION', 'files', `The archive '${part.fileName}' holds no .js files`);
  return files;
}

/** The draft files an upload makes: `.js` files as `services/<name>`, archives unpacked under `services/`. */
export function uploadedFiles(parts: UploadedPart[]): Array<{ path: string; content: string }> {
  if (!parts.length)
    throw ApiError.field('VALIDATION', 'files', "Send one or more .js files (or a .zip of them) as 'files'");
  const out = new Map<string, string>();
  for (const part of parts) {
    const name = part.fileName.split(/[\\/]/).pop() ?? '';
    if (/\.zip$/i.test(name)) {
      for (const f of unzipped(part)) out.set(f.path, f.content);
      continue;
    }
    if (!/\.(m?js|cjs)$/i.test(name))
      throw ApiError.field('VALIDATION', 'files', `'${part.fileName}' is neither a .js file nor a .zip archive`);
    const path = underServices(filePath(name, false));
    out.set(path, text(path, part.bytes));
  }
  return [...out].map(([path, content]) => ({ path, content }));
}

/**
 * `createService` (generic upload): the files become draft files of a JS model and the model is
 * deployed through the ordinary deploy (bundle, analysis, atomic switch), so a syntax error is the
 * deploy's 400 naming file and line and production stays as it was. Answers the services the
 * deployment holds.
 */
export async function uploadServices(
  ctx: ServerContext,
  services: ServicesService,
  appId: string,
  input: { parts: UploadedPart[]; model?: string; developerId: string | null },
): Promise<CodeService[]> {
  const model = input.model?.trim() || DEFAULT_CODE_MODEL;
  const files = uploadedFiles(input.parts);
  const deployed = await new DeployService(ctx).deploy(
    appId,
    'JS',
    model,
    files.map((f) => ({ id: f.path, content: f.content })),
    input.developerId,
  );
  const all = await services.list(appId);
  return all.filter((s) => s.model === deployed.model && s.language === 'JS' && deployed.services.includes(s.name));
}
