import type { UiExternalLibrary, UiMetaTag, UiPwaSettings, UiViewport } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { attr, jsonForScript } from '../render/html.js';

/**
 * Checks of a container's page settings (decision 0086). Each answers the value to store or
 * throws a 400 naming the bad part; what is stored is what the published head writes, through
 * the escaping of render/html.ts — never a developer's markup as written.
 */

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const shown = (v: unknown) => JSON.stringify(String(v).slice(0, 80));

export function checkViewport(input: unknown): UiViewport {
  if (!isObject(input)) throw ApiError.badRequest('The viewport must be an object');
  const out: UiViewport = {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'width') {
      if (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 10000) out.width = String(v);
      else if (v === 'device-width' || (typeof v === 'string' && /^\d{3,5}$/.test(v))) out.width = v;
      else throw ApiError.badRequest(`viewport.width must be "device-width" or pixels (100–10000), not ${shown(v)}`);
    } else if (k === 'initialScale' || k === 'minimumScale' || k === 'maximumScale') {
      if (typeof v !== 'number' || !(v >= 0.1 && v <= 10))
        throw ApiError.badRequest(`viewport.${k} must be a number from 0.1 to 10`);
      out[k] = v;
    } else if (k === 'userScalable') {
      if (typeof v !== 'boolean') throw ApiError.badRequest('viewport.userScalable must be true or false');
      out.userScalable = v;
    } else throw ApiError.badRequest(`Unknown viewport setting ${shown(k)}`);
  }
  return out;
}

export function viewportContent(v: UiViewport): string {
  const parts = [`width=${v.width ?? 'device-width'}`, `initial-scale=${v.initialScale ?? 1}`];
  if (v.minimumScale !== undefined) parts.push(`minimum-scale=${v.minimumScale}`);
  if (v.maximumScale !== undefined) parts.push(`maximum-scale=${v.maximumScale}`);
  if (v.userScalable === false) parts.push('user-scalable=no');
  return parts.join(', ');
}

const META_NAME = /^[A-Za-z][A-Za-z0-9:._-]{0,63}$/;
/** Names the page writes itself. */
const META_TAKEN = new Set(['viewport', 'charset', 'theme-color']);

export function checkMetaTags(input: unknown): UiMetaTag[] {
  const list = isObject(input) && Array.isArray(input.metaTags) ? input.metaTags : input;
  if (!Array.isArray(list)) throw ApiError.badRequest('Meta tags must be a list of {name | property, content}');
  if (list.length > 50) throw ApiError.badRequest('At most 50 meta tags');
  return list.map((t, i) => {
    if (!isObject(t)) throw ApiError.badRequest(`metaTags[${i}] must be an object`);
    if ('httpEquiv' in t || 'http-equiv' in t)
      throw ApiError.badRequest(
        `metaTags[${i}]: http-equiv meta tags are not allowed (they could redirect or weaken the page's policy)`,
      );
    const key = typeof t.property === 'string' ? 'property' : 'name';
    const name = t[key];
    if (typeof name !== 'string' || !META_NAME.test(name))
      throw ApiError.badRequest(
        `metaTags[${i}]: the ${key} ${shown(name)} is not valid (letters, digits, ':', '.', '_', '-')`,
      );
    if (META_TAKEN.has(name.toLowerCase()))
      throw ApiError.badRequest(
        `metaTags[${i}]: '${name}' is written by the page itself (see the viewport and PWA settings)`,
      );
    const content = t.content;
    if (typeof content !== 'string' || content.length > 1000)
      throw ApiError.badRequest(`metaTags[${i}].content must be text of at most 1000 characters`);
    return key === 'property' ? { property: name, content } : { name, content };
  });
}

/** A URL the published page may load: https, no credentials, nothing that could break out of a CSP source list. */
export function checkHttpsUrl(what: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) throw ApiError.badRequest(`${what} must be an https URL`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ApiError.badRequest(`${what} ${shown(value)} is not a URL`);
  }
  if (url.protocol !== 'https:') throw ApiError.badRequest(`${what} ${shown(value)} must use https`);
  if (url.username || url.password) throw ApiError.badRequest(`${what} ${shown(value)} must not hold credentials`);
  const text = url.href;
  if (/[\s;,'"*]/.test(text))
    throw ApiError.badRequest(`${what} ${shown(value)} holds a character a URL here cannot have`);
  return text;
}

const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]{40,90}={0,2}$/;

export function checkExternalLibraries(input: unknown): UiExternalLibrary[] {
  const list = isObject(input) && Array.isArray(input.externalLibraries) ? input.externalLibraries : input;
  if (!Array.isArray(list)) throw ApiError.badRequest('External libraries must be a list of {url, type}');
  if (list.length > 20) throw ApiError.badRequest('At most 20 external libraries');
  return list.map((lib, i) => {
    const item = typeof lib === 'string' ? { url: lib } : lib;
    if (!isObject(item)) throw ApiError.badRequest(`externalLibraries[${i}] must be {url, type}`);
    const url = checkHttpsUrl(`externalLibraries[${i}].url`, item.url);
    const type =
      item.type === 'script' || item.type === 'style'
        ? item.type
        : item.type === undefined
          ? new URL(url).pathname.endsWith('.css')
            ? 'style'
            : 'script'
          : undefined;
    if (!type) throw ApiError.badRequest(`externalLibraries[${i}].type must be 'script' or 'style'`);
    const out: UiExternalLibrary = { url, type };
    if (item.integrity !== undefined && item.integrity !== '') {
      if (typeof item.integrity !== 'string' || !INTEGRITY.test(item.integrity))
        throw ApiError.badRequest(`externalLibraries[${i}].integrity must be a sha256/384/512 hash (sha384-…)`);
      out.integrity = item.integrity;
    }
    return out;
  });
}

export function checkCustomConfigs(input: unknown): Record<string, unknown> {
  const value = isObject(input) && isObject(input.customConfigs) ? input.customConfigs : input;
  if (!isObject(value)) throw ApiError.badRequest('Custom configs must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(value)) > 16 * 1024)
    throw ApiError.badRequest('Custom configs are at most 16 KB of JSON');
  return value;
}

const COLOR = /^(#[0-9A-Fa-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([0-9., %]{5,40}\))$/;

export const DEFAULT_PWA: UiPwaSettings = {
  enabled: false,
  name: '',
  shortName: '',
  description: '',
  themeColor: '#0969da',
  backgroundColor: '#ffffff',
  display: 'standalone',
};

export function checkPwa(input: unknown, current: UiPwaSettings): UiPwaSettings {
  if (!isObject(input)) throw ApiError.badRequest('PWA settings must be an object');
  const out = { ...current };
  for (const [k, v] of Object.entries(input)) {
    switch (k) {
      case 'enabled':
        if (typeof v !== 'boolean') throw ApiError.badRequest('pwa.enabled must be true or false');
        out.enabled = v;
        break;
      case 'name':
      case 'shortName':
      case 'description': {
        const max = k === 'description' ? 500 : k === 'name' ? 100 : 40;
        if (typeof v !== 'string' || v.length > max)
          throw ApiError.badRequest(`pwa.${k} must be text of at most ${max} characters`);
        out[k] = v;
        break;
      }
      case 'themeColor':
      case 'backgroundColor':
        if (typeof v !== 'string' || !COLOR.test(v))
          throw ApiError.badRequest(`pwa.${k} ${shown(v)} is not a colour (#rrggbb, a name, rgb(…))`);
        out[k] = v;
        break;
      case 'display':
        if (v !== 'standalone' && v !== 'fullscreen' && v !== 'minimal-ui' && v !== 'browser')
          throw ApiError.badRequest("pwa.display must be 'standalone', 'fullscreen', 'minimal-ui' or 'browser'");
        out.display = v;
        break;
      default:
        throw ApiError.badRequest(`Unknown PWA setting ${shown(k)}`);
    }
  }
  return out;
}

/* ---------------- custom head content ---------------- */

const LINK_RELS = new Set([
  'canonical',
  'alternate',
  'author',
  'license',
  'preconnect',
  'dns-prefetch',
  'me',
  'help',
  'search',
]);
const ATTR = /\s*([A-Za-z][A-Za-z0-9:_-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;

interface Tag {
  name: string;
  attrs: Record<string, string>;
  text?: string;
}

function decodeEntities(v: string): string {
  return v.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_m, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
  );
}

/**
 * Reads head content as a list of allowed tags, refusing anything else with a 400 naming it. The
 * allowed set (decision 0086) is what a page head needs that the settings do not give already:
 * `<meta name|property content>`, `<link rel href>` with an informational rel and an https URL,
 * and `<script type="application/ld+json">` (structured data, which browsers never run). No
 * `<script>` that runs, no `<style>`, no `<base>`, no inline handler, no `http-equiv`. Comments are
 * dropped. The stored form is written back from the parsed tags, escaped, never the text as sent.
 */
export function sanitiseHead(input: unknown): string {
  const data = isObject(input) ? input.data : input;
  if (typeof data !== 'string') throw ApiError.badRequest('The head content must be text ({data})');
  if (data.length > 20000) throw ApiError.badRequest('The head content is at most 20,000 characters');
  const tags: Tag[] = [];
  let i = 0;
  const src = data;
  const at = () => `at character ${i + 1}`;
  while (i < src.length) {
    const ws = /\s*/y;
    ws.lastIndex = i;
    ws.exec(src);
    i = ws.lastIndex;
    if (i >= src.length) break;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) throw ApiError.badRequest(`An unclosed comment ${at()}`);
      i = end + 3;
      continue;
    }
    const open = /<([A-Za-z][A-Za-z0-9-]*)/y;
    open.lastIndex = i;
    const m = open.exec(src);
    if (!m)
      throw ApiError.badRequest(`Only tags are allowed in head content: text ${shown(src.slice(i, i + 30))} ${at()}`);
    const name = m[1].toLowerCase();
    if (name !== 'meta' && name !== 'link' && name !== 'script')
      throw ApiError.badRequest(
        `The tag <${name}> is not allowed in head content (allowed: meta, link, script type="application/ld+json")`,
      );
    let j = open.lastIndex;
    const attrs: Record<string, string> = {};
    for (;;) {
      ATTR.lastIndex = j;
      const a = ATTR.exec(src);
      if (!a || a[0].trim() === '') break;
      const key = a[1].toLowerCase();
      if (key.startsWith('on'))
        throw ApiError.badRequest(`The event handler attribute ${key} is not allowed in head content`);
      attrs[key] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
      j = ATTR.lastIndex;
    }
    const close = /\s*\/?>/y;
    close.lastIndex = j;
    if (!close.exec(src)) throw ApiError.badRequest(`The <${name}> tag ${at()} is not well formed`);
    i = close.lastIndex;
    const tag: Tag = { name, attrs };
    if (name === 'script') {
      if ((attrs.type ?? '').toLowerCase() !== 'application/ld+json' || attrs.src !== undefined)
        throw ApiError.badRequest(
          'The tag <script> is not allowed in head content: only <script type="application/ld+json"> (structured data, never run)',
        );
      const end = src.toLowerCase().indexOf('</script', i);
      if (end < 0) throw ApiError.badRequest('A <script type="application/ld+json"> is not closed');
      try {
        tag.text = JSON.stringify(JSON.parse(src.slice(i, end)));
      } catch {
        throw ApiError.badRequest('The JSON-LD of a <script type="application/ld+json"> is not valid JSON');
      }
      const gt = src.indexOf('>', end);
      i = gt < 0 ? src.length : gt + 1;
    } else if (name === 'meta') {
      if ('http-equiv' in attrs || 'charset' in attrs)
        throw ApiError.badRequest(
          'A <meta> in head content takes name or property and content (no http-equiv, no charset)',
        );
      const key = attrs.property !== undefined ? 'property' : 'name';
      if (!META_NAME.test(attrs[key] ?? '') || typeof attrs.content !== 'string')
        throw ApiError.badRequest('A <meta> in head content needs a name (or property) and a content');
      tag.attrs = { [key]: attrs[key], content: attrs.content };
    } else {
      const rel = (attrs.rel ?? '').toLowerCase();
      if (!LINK_RELS.has(rel))
        throw ApiError.badRequest(
          `<link rel=${shown(rel)}> is not allowed in head content (allowed rels: ${[...LINK_RELS].join(', ')}; style sheets go in external libraries)`,
        );
      const link: Record<string, string> = { rel, href: checkHttpsUrl('The link href', attrs.href) };
      for (const k of ['hreflang', 'type', 'title'])
        if (attrs[k] !== undefined && /^[A-Za-z0-9 ._/+-]{1,100}$/.test(attrs[k])) link[k] = attrs[k];
      tag.attrs = link;
    }
    tags.push(tag);
    if (tags.length > 50) throw ApiError.badRequest('At most 50 tags of head content');
  }
  return tags.map(writeTag).join('\n');
}

function writeTag(t: Tag): string {
  const attrs = Object.entries(t.attrs)
    .map(([k, v]) => attr(k, v))
    .join('');
  if (t.name === 'script')
    return `<script type="application/ld+json">${jsonForScript(JSON.parse(t.text ?? 'null'))}</script>`;
  return `<${t.name}${attrs}>`;
}
