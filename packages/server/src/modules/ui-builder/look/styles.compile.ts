import less from 'less';
import { ApiError } from '../../../http/api-error.js';

/** The file manager of every compile: it answers every import (and `@plugin`, `data-uri`) with a refusal. */
class NoFiles extends less.FileManager {
  override supports(): boolean {
    return true;
  }
  override supportsSync(): boolean {
    return true;
  }
  override loadFile(filename: string): Promise<never> {
    return Promise.reject({ type: 'Import', message: `Imports are off: "${filename.slice(0, 200)}"` });
  }
  override loadFileSync(filename: string): { error: unknown } {
    return { error: { type: 'Import', message: `Imports are off: "${filename.slice(0, 200)}"` } };
  }
}
const noFiles = {
  install: (_less: unknown, pm: { addFileManager(m: unknown): void }) => pm.addFileManager(new NoFiles()),
};

const IMPORT = /@(import|plugin)\b\s*(?:\([^)]*\)\s*)?(?:url\(\s*)?(["']?)([^"')\s;]*)/gi;
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function lineOf(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}

/**
 * Compiles a style sheet (LESS, or CSS as written) for a published page (decision 0086). Nothing is
 * ever read from the network or the file system: an `@import` of a URL is refused naming it, any
 * other `@import` or `@plugin` too (a container's sheets are all published, in name order, so one
 * never needs to import another), inline JavaScript is off, and a compile error is a 400 with its
 * line and column. `what` names the sheet in messages.
 */
export async function compileStyle(what: string, content: string, type: 'less' | 'css'): Promise<string> {
  for (const m of content.matchAll(IMPORT)) {
    const target = m[3] ?? '';
    const { line, column } = lineOf(content, m.index ?? 0);
    const where = `${what}, line ${line}, column ${column}`;
    if (m[1].toLowerCase() === 'plugin')
      throw ApiError.badRequest(`${where}: @plugin is off (style sheets run no code)`, { location: { line, column } });
    if (REMOTE.test(target))
      throw ApiError.badRequest(
        `${where}: remote imports are off: @import of ${JSON.stringify(target.slice(0, 200))}`,
        {
          location: { line, column },
          url: target.slice(0, 200),
        },
      );
    throw ApiError.badRequest(
      `${where}: imports are off: @import of ${JSON.stringify(target.slice(0, 200))} (every sheet of the container is published, in name order)`,
      { location: { line, column } },
    );
  }
  if (type === 'css') return content;
  let css: string;
  try {
    css = (
      await less.render(content, { plugins: [noFiles as never], javascriptEnabled: false, math: 'parens-division' })
    ).css;
  } catch (err) {
    const e = err as { line?: number; column?: number; message?: string };
    const line = typeof e.line === 'number' ? e.line : null;
    const column = typeof e.column === 'number' ? e.column + 1 : null;
    const place = line ? `, line ${line}, column ${column}` : '';
    throw ApiError.badRequest(
      `${what}${place}: ${String(e.message ?? 'the style sheet does not compile').slice(0, 300)}`,
      {
        location: { line, column },
      },
    );
  }
  if (/@import\b/i.test(css)) throw ApiError.badRequest(`${what}: imports are off`);
  return css;
}
