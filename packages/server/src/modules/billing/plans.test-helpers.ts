import fs from 'node:fs';
import path from 'node:path';

const MB = 1024 * 1024;

/** The operator's file of the acceptance checks: `roomy` first (new apps start there), then `tiny`. */
export function writePlansFile(dir: string): string {
  const file = path.join(dir, 'plans.json');
  fs.writeFileSync(
    file,
    JSON.stringify([
      {
        id: 'roomy',
        line: 'application',
        name: 'Roomy',
        periods: { monthly: 25, yearly: 250 },
        components: [],
        public: true,
      },
      {
        id: 'tiny',
        line: 'application',
        name: 'Tiny',
        periods: { monthly: 0, yearly: 0 },
        components: [
          { id: 'api-calls-per-minute', limit: 50 },
          { id: 'file-storage-bytes', limit: MB },
          { id: 'tables', limit: 2 },
        ],
        public: true,
      },
      {
        id: 'staff',
        line: 'application',
        name: 'Staff',
        periods: { monthly: 0, yearly: 0 },
        components: [],
        public: false,
      },
    ]),
  );
  return file;
}

/** Waits until the present minute has room for a burst (at least 15 s left), so a burst stays in one window. */
export async function freshMinute(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 500));
}
