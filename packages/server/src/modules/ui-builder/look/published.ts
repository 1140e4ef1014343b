import type { UiExternalLibrary, UiI18n, UiMetaTag, UiPwaSettings } from '@basalt/shared';
import { attr } from '../render/html.js';

/** What a publication carries of a container's look and text (decision 0086). */
export interface PublishedLook {
  /** The compiled style sheet (theme variables, theme style, container styles by name). */
  css: string;
  cssHash: string;
  i18n: UiI18n;
  viewport: string;
  metaTags: UiMetaTag[];
  head: string;
  libraries: UiExternalLibrary[];
  configs: Record<string, unknown>;
  favicon: { type: string; data: string; hash: string } | null;
  pwa: (UiPwaSettings & { icon: { data: string; size: string; hash: string } | null }) | null;
}

/** `/{appId}/{container}/_look/`: where the UI origin serves a container's published assets. */
export function lookBase(appId: string, container: string): string {
  return `/${encodeURIComponent(appId)}/${encodeURIComponent(container)}/_look/`;
}

export interface Translator {
  /** The language the page is shown in (`<html lang>`). */
  lang: string;
  t(key: string, args?: unknown): string;
}

/**
 * `$t` on a published page: `?lang=xx` picks the language when the container has its dictionary
 * (`pt-BR` falls back to `pt`), else the default language; a key missing there falls back to the
 * default language's text, then to the key itself. `{name}` in a text takes `args.name`.
 */
export function translatorOf(look: PublishedLook | undefined, query: Record<string, string>): Translator {
  const dicts = look?.i18n.dictionaries ?? {};
  const fallback = look?.i18n.defaultI18n ?? 'en';
  const asked = query.lang;
  const lang =
    asked && Object.hasOwn(dicts, asked)
      ? asked
      : asked && Object.hasOwn(dicts, asked.split('-')[0])
        ? asked.split('-')[0]
        : fallback;
  const own = Object.hasOwn(dicts, lang) ? dicts[lang] : {};
  const base = Object.hasOwn(dicts, fallback) ? dicts[fallback] : {};
  return {
    lang,
    t(key, args) {
      const text = Object.hasOwn(own, key) ? own[key] : Object.hasOwn(base, key) ? base[key] : key;
      if (!args || typeof args !== 'object') return text;
      return text.replace(/\{([A-Za-z0-9_]{1,50})\}/g, (m, name: string) => {
        const v = Object.hasOwn(args, name) ? (args as Record<string, unknown>)[name] : undefined;
        return v === undefined || v === null || typeof v === 'object' ? m : String(v);
      });
    },
  };
}

/**
 * The head of a published page from its look: viewport, meta tags, the sanitised head content,
 * icon, manifest, external style sheets and scripts, and the compiled style sheet (served by the
 * UI origin, so the CSP's `style-src 'self'` covers it). Every value is escaped here.
 */
export function lookHead(
  look: PublishedLook | undefined,
  appId: string,
  container: string,
  /**
   * A preview's nonce (decision 0093): the compiled sheet is inlined under it, since the look's
   * asset addresses serve the published look; the icon and the PWA files are left out.
   */
  previewNonce?: string,
): string {
  if (!look) return '<meta name="viewport" content="width=device-width, initial-scale=1">';
  const at = lookBase(appId, container);
  const out: string[] = [`<meta${attr('name', 'viewport')}${attr('content', look.viewport)}>`];
  for (const m of look.metaTags)
    out.push(
      m.property
        ? `<meta${attr('property', m.property)}${attr('content', m.content)}>`
        : `<meta${attr('name', m.name)}${attr('content', m.content)}>`,
    );
  if (look.head) out.push(look.head);
  if (look.favicon && previewNonce === undefined)
    out.push(
      `<link rel="icon"${attr('type', look.favicon.type)}${attr('href', `${at}favicon?v=${look.favicon.hash}`)}>`,
    );
  if (look.pwa && previewNonce === undefined) {
    out.push(`<meta name="theme-color"${attr('content', look.pwa.themeColor)}>`);
    out.push(
      `<link rel="manifest"${attr('href', `${at}manifest.webmanifest`)}${attr('data-sw', `${at}sw.js`)}${attr('data-scope', at.replace(/_look\/$/, ''))}>`,
    );
  }
  for (const lib of look.libraries)
    if (lib.type === 'style')
      out.push(
        `<link rel="stylesheet"${attr('href', lib.url)}${attr('integrity', lib.integrity)}${lib.integrity ? ' crossorigin="anonymous"' : ''}>`,
      );
  if (look.css && previewNonce !== undefined)
    // `</style` inside the sheet would end the element: escaped, it stays text to CSS.
    out.push(`<style${attr('nonce', previewNonce)}>${look.css.replace(/<\/(style)/gi, '<\\/$1')}</style>`);
  else if (look.css) out.push(`<link rel="stylesheet"${attr('href', `${at}style.css?v=${look.cssHash}`)}>`);
  for (const lib of look.libraries)
    if (lib.type === 'script')
      out.push(
        `<script${attr('src', lib.url)}${attr('integrity', lib.integrity)}${lib.integrity ? ' crossorigin="anonymous"' : ''} defer></script>`,
      );
  return out.join('');
}

/** The CSP sources a look adds: its external scripts and style sheets by exact URL. */
export function lookSources(look: PublishedLook | undefined): { scripts: string[]; styles: string[] } {
  const libs = look?.libraries ?? [];
  return {
    scripts: libs.filter((l) => l.type === 'script').map((l) => l.url),
    styles: libs.filter((l) => l.type === 'style').map((l) => l.url),
  };
}

/** The web app manifest of a container with PWA enabled. */
export function manifestOf(
  look: PublishedLook,
  appId: string,
  container: string,
  title: string,
): Record<string, unknown> {
  const pwa = look.pwa!;
  const start = lookBase(appId, container).replace(/_look\/$/, '');
  return {
    name: pwa.name || title,
    short_name: pwa.shortName || (pwa.name || title).slice(0, 12),
    description: pwa.description,
    start_url: start,
    scope: start,
    display: pwa.display,
    theme_color: pwa.themeColor,
    background_color: pwa.backgroundColor,
    icons: pwa.icon
      ? [
          {
            src: `${lookBase(appId, container)}pwa-icon.png?v=${pwa.icon.hash}`,
            sizes: pwa.icon.size,
            type: 'image/png',
          },
        ]
      : [],
  };
}

/**
 * The service worker of a PWA container: it caches the published assets (runtime, style sheet,
 * icons) for offline starts and passes pages through to the network, since pages hold the
 * visitor's data and are never stored. A new publication has a new cache name.
 */
export function serviceWorkerOf(version: string): string {
  return `'use strict';
var CACHE = 'bsl-${version.replace(/[^A-Za-z0-9]/g, '')}';
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('bsl-') === 0 && k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET') return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf('/_look/') < 0 && url.pathname !== '/_basalt/ui-runtime.js') return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return fetch(req).then(function (res) { if (res.ok) cache.put(req, res.clone()); return res; })
      .catch(function () { return cache.match(req).then(function (hit) { return hit || Response.error(); }); });
  }));
});
`;
}
