import type { PushParams, Template } from '@basalt/sdk';

export const PLATFORMS = ['ANDROID', 'IOS'] as const;

/** What the push composer edits. */
export interface PushDraft {
  name: string;
  title: string;
  body: string;
  channelName: string;
  platforms: string[];
  where: string;
}

export const EMPTY_DRAFT: PushDraft = {
  name: '',
  title: '',
  body: '',
  channelName: '',
  platforms: [...PLATFORMS],
  where: '',
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function draftFromTemplate(t: Template): PushDraft {
  const message = (t.message && typeof t.message === 'object' ? t.message : { body: t.message }) as Record<
    string,
    unknown
  >;
  return {
    name: text(t.name),
    title: text(message.title),
    body: text(message.body),
    channelName: text(t.channelName),
    platforms: Array.isArray(t.platforms) ? t.platforms.map(String) : [...PLATFORMS],
    where: text(t.where),
  };
}

/** The push as the server takes it (a template stores the same shape). */
export function pushFromDraft(d: PushDraft): PushParams {
  return {
    ...(d.channelName ? { channelName: d.channelName } : {}),
    ...(d.where.trim() ? { where: d.where.trim() } : {}),
    platforms: d.platforms,
    message: { title: d.title, body: d.body },
  };
}

export function templateFromDraft(d: PushDraft): Template {
  return { name: d.name.trim(), ...pushFromDraft(d) };
}

/** The devices a push reaches, as one where over devices (for the live recipient count). */
export function audienceWhere(d: PushDraft): string {
  const parts: string[] = [];
  if (d.channelName) parts.push(`channelName = '${d.channelName.replace(/'/g, "''")}'`);
  if (d.platforms.length && d.platforms.length < PLATFORMS.length)
    parts.push(`(${d.platforms.map((p) => `os = '${p}'`).join(' OR ')})`);
  if (d.where.trim()) parts.push(`(${d.where.trim()})`);
  return parts.join(' AND ');
}

/** What stops the push from being saved or sent, in words; undefined when it is ready. */
export function draftProblems(d: PushDraft): { name?: string; body?: string; audience?: string; platforms?: string } {
  return {
    name: d.name.trim()
      ? /[/\\]/.test(d.name)
        ? 'A template name cannot contain slashes'
        : undefined
      : 'Name the template to save it',
    body: d.body.trim() || d.title.trim() ? undefined : 'Write a title or a message',
    audience: d.channelName || d.where.trim() ? undefined : 'Choose a channel or write a where clause',
    platforms: d.platforms.length ? undefined : 'Choose at least one platform',
  };
}
