import { DevPermissionGroups, type Access } from '@basalt/shared';

/** Presets (docs/console-screens.md › Team), as the access of every permission group. */
export const PRESETS: Array<{ id: string; label: string; access: (group: string) => Access }> = [
  { id: 'admin', label: 'Admin', access: () => 'GRANT' },
  {
    id: 'data-editor',
    label: 'Data editor',
    access: (g) => (['data', 'files', 'users', 'roles'].includes(g) ? 'GRANT' : 'DENY'),
  },
  { id: 'read-only', label: 'Read-only', access: () => 'DENY' },
];

export const GROUP_IDS = Object.keys(DevPermissionGroups);

/** "Tables (40)": an operation's name as the console shows it. */
const ACRONYMS: Record<string, string> = { api: 'API', oauth: 'OAuth', cors: 'CORS', hipaa: 'HIPAA', ui: 'UI' };

export function operationLabel(name: string | undefined, operation: number): string {
  const text = (name ?? 'operation')
    .split(' ')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} (${operation})`;
}
