// Builds the console with Vite unless its dist is already newer than everything it is made from,
// so a second `npm start` does not spend a minute rebuilding what is already built. `npm run build`
// still builds unconditionally; `--force` does the same here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = path.join(root, 'packages/console');
const built = path.join(consoleDir, 'dist/index.html');

/** What the bundle is made from: the console's sources and config, the shared code it imports, the lock file. */
const inputs = [
  'packages/console/src',
  'packages/console/public',
  'packages/console/index.html',
  'packages/console/vite.config.ts',
  'packages/console/postcss.config.cjs',
  'packages/console/package.json',
  'packages/console/tsconfig.json',
  'packages/shared/src',
  'packages/sdk/src',
  'package-lock.json',
].map((p) => path.join(root, p));

/** Newest modification time under a file or folder (tests do not go into the bundle). */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : stat.mtimeMs;
  let max = 0;
  for (const name of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

const force = process.argv.includes('--force');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map(newest));
if (!force && builtAt > sourcesAt) {
  console.log('Console is up to date (packages/console/dist is newer than its sources): not rebuilding.');
  process.exit(0);
}
const res = spawnSync('npm', ['run', 'build', '-w', '@basalt/console'], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
