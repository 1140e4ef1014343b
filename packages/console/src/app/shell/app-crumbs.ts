import { Areas } from '@basalt/shared';
import type { Crumb } from './Breadcrumbs';
import { AUDIT_SECTIONS } from '../../features/audit/sections';
import { CODE_SECTIONS } from '../../features/code/sections';
import { MARKETPLACE_CRUMBS } from '../../features/marketplace/sections';
import { MESSAGING_SECTIONS } from '../../features/messaging/sections';
import { SECURITY_SECTIONS } from '../../features/security/sections';
import { SETTINGS_SECTIONS } from '../../features/settings/sections';
import { USERS_SECTIONS } from '../../features/users/sections';

/** Areas whose first word after the area names one of its pages, with the names their tabs show. */
const SECTIONS: Record<string, ReadonlyArray<{ segment: string; label: string }>> = {
  audit: AUDIT_SECTIONS,
  code: CODE_SECTIONS,
  marketplace: MARKETPLACE_CRUMBS,
  messaging: MESSAGING_SECTIONS,
  security: SECURITY_SECTIONS,
  settings: SETTINGS_SECTIONS,
  users: USERS_SECTIONS,
};

/** `button-templates` → `Button templates`. */
function pageName(word: string): string {
  const spaced = word.replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The breadcrumbs of a page inside an app: the app, its area, then the rest of the path. `-` sets
 * an area's tools apart from its records (`data/-/cache` beside `data/Person`): it is no place of
 * its own, and the word after it names a page, so it reads as one ("Cache"). In areas made of fixed
 * pages (Messaging, Security, Settings, Users) the first word names a page and reads as its tab.
 * Other segments are names the developer chose (tables, channels, folders) and are shown as typed,
 * or ids whose page named them in `named`.
 */
export function appCrumbs(
  pathname: string,
  appId: string,
  appName: string | undefined,
  named: ReadonlyMap<string, string> = new Map(),
): Crumb[] {
  const rest = pathname.slice(`/apps/${appId}/`.length).split('/').filter(Boolean);
  const area = Areas.find((a) => a.segment === rest[0]);
  const crumbs: Crumb[] = [{ label: appName ?? appId, to: `/apps/${appId}/overview` }];
  if (area && area.id !== 'overview') crumbs.push({ label: area.title, to: `/apps/${appId}/${area.segment}` });
  else if (area) crumbs.push({ label: area.title });
  let afterMarker = false;
  const sections = area ? SECTIONS[area.segment] : undefined;
  rest.slice(1).forEach((segment, i) => {
    if (segment === '-') {
      afterMarker = true;
      return;
    }
    const label = decodeURIComponent(segment);
    // A page of the area (Settings › Mobile) reads as its tab does; what follows is the developer's.
    const section = i === 0 ? sections?.find((s) => s.segment === segment) : undefined;
    // Records shown by id read as the name their page gave them (`useCrumbLabel`).
    crumbs.push({
      label: section ? section.label : afterMarker ? pageName(label) : (named.get(label) ?? label),
    });
    afterMarker = false;
  });
  return crumbs;
}
