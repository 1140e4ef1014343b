import { strToU8, zipSync, type Zippable } from 'fflate';

/** The files as one zip archive, paths kept. */
export function zipFiles(files: Array<{ path: string; content: string }>): Buffer {
  const tree: Zippable = {};
  for (const f of files) tree[f.path] = strToU8(f.content);
  return Buffer.from(zipSync(tree, { level: 6 }));
}
