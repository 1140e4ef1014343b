import type { CacheDirective, CachePolicy, CachePolicyService } from '@basalt/shared';

/** The longest max-age the server takes: one year, in seconds. */
export const MAX_AGE_LIMIT = 31_536_000;

export interface CacheRuleDraft {
  service: CachePolicyService;
  target: string;
  cacheControl: CacheDirective;
  maxAge: number | string;
  etag: boolean;
}

/** A new rule starts as the server's defaults: ask again every time, revalidated cheaply by the ETag. */
export function emptyRule(service: CachePolicyService): CacheRuleDraft {
  return { service, target: '', cacheControl: 'no-cache', maxAge: 0, etag: true };
}

export function draftOf(rule: CachePolicy): CacheRuleDraft {
  return {
    service: rule.service,
    target: rule.target,
    cacheControl: rule.cacheControl,
    maxAge: rule.maxAge,
    etag: rule.etag,
  };
}

/** What is wrong with a draft, per field, in words that say what to do; empty when it can be sent. */
export function checkRule(draft: CacheRuleDraft): { target?: string; maxAge?: string } {
  const problems: { target?: string; maxAge?: string } = {};
  const target = draft.target.trim();
  if (!target) problems.target = draft.service === 'data' ? 'Pick a table, or * for every table' : 'Type a path, or *';
  else if (draft.service === 'files' && target !== '*') {
    const parts = target.replace(/^\/+|\/+$/g, '').split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..'))
      problems.target = 'Use a folder path such as web/img, without empty parts, . or ..';
  }
  const age = typeof draft.maxAge === 'number' ? draft.maxAge : Number(draft.maxAge);
  if (draft.cacheControl !== 'no-cache' && (!Number.isInteger(age) || age < 0 || age > MAX_AGE_LIMIT))
    problems.maxAge = `Use whole seconds from 0 to ${MAX_AGE_LIMIT.toLocaleString('en')} (a year)`;
  return problems;
}

/** The target as the server keys it: files paths without leading or trailing slashes. */
export function targetOf(draft: CacheRuleDraft): string {
  const target = draft.target.trim();
  return draft.service === 'files' && target !== '*' ? target.replace(/^\/+|\/+$/g, '') : target;
}

/** The header the app API sends for a rule, as decision 0064 builds it (user-token requests get `private`). */
export function headerOf(rule: Pick<CachePolicy, 'cacheControl' | 'maxAge'>): string {
  return rule.cacheControl === 'no-cache' ? 'no-cache' : `${rule.cacheControl}, max-age=${rule.maxAge}`;
}

/** Seconds in words for the table: 0 s, 90 s, 5 min, 2 h, 1 d. */
export function ageInWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3_600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}
