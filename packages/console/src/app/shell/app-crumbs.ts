import { Areas } from '@basalt/shared';
import type { Crumb } from './Breadcrumbs';

/** `button-templates` → `Button templates`. */
function pageName(word: string): string {
  const spaced = word.replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The breadcrumbs of a page inside an app: the app, its area, then the rest of the path. `-` sets
 * an area's tools apart from its records (`data/-/cache` beside `data/Person`): it is no place of
 * its own, and the word after it names a page, so it reads as one ("Cache"). Other segments are
 * names the developer chose (tables, channels, folders) and are shown as typed.
 */
export function appCrumbs(pathname: string, appId: string, appName: string | undefined): Crumb[] {
  const rest = pathname.slice(`/apps/${appId}/`.length).split('/').filter(Boolean);
  const area = Areas.find((a) => a.segment === rest[0]);
  const crumbs: Crumb[] = [{ label: appName ?? appId, to: `/apps/${appId}/overview` }];
  if (area && area.id !== 'overview') crumbs.push({ label: area.title, to: `/apps/${appId}/${area.segment}` });
  else if (area) crumbs.push({ label: area.title });
  let afterMarker = false;
  for (const segment of rest.slice(1)) {
    if (segment === '-') {
      afterMarker = true;
      continue;
    }
    const label = decodeURIComponent(segment);
    crumbs.push({ label: afterMarker ? pageName(label) : label });
    afterMarker = false;
  }
  return crumbs;
}
