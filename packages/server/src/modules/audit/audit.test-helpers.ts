import type { TestDeveloper, TestServer } from '../../test-helpers.js';

export interface Entry {
  action: string;
  target: string;
  summary: string;
  actor: string;
  developerId: string | null;
  created: number;
}

/** Entries are written once the answer is out; poll until `ready` holds. */
export async function logOf(
  server: TestServer,
  dev: TestDeveloper,
  appId: string,
  query = '',
  ready: (e: Entry[]) => boolean = () => true,
): Promise<{ data: Entry[]; totalRows: number }> {
  for (let i = 0; ; i++) {
    const res = await server.call('GET', `/${appId}/console/security/audit-logs${query}`, { authKey: dev.authKey });
    if (res.statusCode !== 200) throw new Error(`audit log: ${res.statusCode} ${res.body}`);
    if (ready(res.json().data) || i >= 40) return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
}
