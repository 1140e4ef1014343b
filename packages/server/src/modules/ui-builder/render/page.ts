import type { PageDocument } from '@basalt/shared';
import { renderNodes } from './components.js';
import { attr, escapeHtml, jsonForScript } from './html.js';
import { UI_RUNTIME_PATH } from './runtime.js';
import type { DataResult, RenderScope } from './scope.js';
import { lookHead, translatorOf, type PublishedLook } from '../look/published.js';

/** A published container as its publication snapshot holds it. */
export interface Snapshot {
  mainPage: string;
  pages: Record<string, { title: string; layoutId: string | null; document: PageDocument }>;
  layouts: Record<string, { title: string; document: PageDocument }>;
  /** Styles, dictionaries, head settings and PWA of the container (decision 0086); absent in older publications. */
  look?: PublishedLook;
}

/** The base style sheet: built-ins use only these variables, so a theme is one `:root` block. */
const BASE_CSS = [
  ':root{--bsl-text:#1f2328;--bsl-muted:#59636e;--bsl-bg:#fff;--bsl-border:#d1d9e0;--bsl-primary:#0969da;--bsl-radius:6px;--bsl-font:system-ui,-apple-system,"Segoe UI",sans-serif;--bsl-chart-1:#0969da;--bsl-chart-2:#1a7f37;--bsl-chart-3:#9a6700;--bsl-chart-4:#cf222e;--bsl-chart-5:#8250df}',
  'body{margin:0;font-family:var(--bsl-font);color:var(--bsl-text);background:var(--bsl-bg)}',
  '.bsl-page{padding:16px}',
  '.bsl-datatable table{border-collapse:collapse;width:100%}',
  '.bsl-datatable th,.bsl-datatable td{border-bottom:1px solid var(--bsl-border);padding:6px 8px;text-align:left}',
  '.bsl-datatable th a{color:inherit;text-decoration:none}',
  '.bsl-paging{display:flex;gap:12px;align-items:center;margin-top:8px}',
  '.bsl-empty{color:var(--bsl-muted)}',
  '.bsl-button{padding:6px 12px;border-radius:var(--bsl-radius);border:1px solid var(--bsl-border);background:var(--bsl-primary);color:#fff}',
  '.bsl-field{display:flex;flex-direction:column;gap:4px;margin:6px 0}',
  '.bsl-modal{position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center}',
  '.bsl-modal[hidden]{display:none}',
  '.bsl-modal-box{background:var(--bsl-bg);border-radius:var(--bsl-radius);padding:16px;min-width:280px;position:relative}',
  '.bsl-modal-close{position:absolute;top:8px;right:8px;border:0;background:none;font-size:18px}',
  '.bsl-chart svg{width:100%;max-width:400px;height:auto}',
].join('');

export interface PageRender {
  appId: string;
  container: string;
  pageName: string;
  snapshot: Snapshot;
  data: Record<string, DataResult>;
  query: Record<string, string>;
  /** The per-response nonce the CSP allows for the style element. */
  nonce: string;
  /** Where the container's pages are addressed (`/{appId}/{container}/`; a preview's own path). */
  base?: string;
}

/**
 * The whole HTML of a published page: the page's tree inside its layout's (at the PageOutlet),
 * node styles in one nonce'd style element, the resolved data as a JSON island for hydration, and
 * the runtime script from the UI origin. Every value is escaped on the way (html.ts).
 */
export function renderPageHtml(r: PageRender): string {
  const page = r.snapshot.pages[r.pageName];
  const layout = page.layoutId ? r.snapshot.layouts[page.layoutId] : undefined;
  const i18n = translatorOf(r.snapshot.look, r.query);
  const base = r.base ?? `/${encodeURIComponent(r.appId)}/${encodeURIComponent(r.container)}/`;
  const scope: RenderScope = {
    t: i18n.t,
    data: r.data,
    page: { ...(layout?.document.data ?? {}), ...(page.document.data ?? {}) },
    route: { page: r.pageName, ...r.query },
    user: {},
    app: {},
    pagePath: `${base}${encodeURIComponent(r.pageName)}`,
    query: r.query,
    css: [],
  };
  const body = layout
    ? renderNodes(layout.document.children, { ...scope, outlet: page.document.children })
    : renderNodes(page.document.children, scope);
  const state = {
    appId: r.appId,
    container: r.container,
    page: r.pageName,
    data: r.data,
    lang: i18n.lang,
    configs: r.snapshot.look?.configs ?? {},
  };
  return (
    `<!DOCTYPE html><html${attr('lang', i18n.lang)}><head><meta charset="utf-8">` +
    `<title>${escapeHtml(page.title)}</title><base${attr('href', base)}>` +
    `<style${attr('nonce', r.nonce)}>${BASE_CSS}${scope.css.join('')}</style>` +
    // After the base style: the theme's variables and the container's sheets win over it.
    lookHead(r.snapshot.look, r.appId, r.container, r.base ? r.nonce : undefined) +
    `<script${attr('src', UI_RUNTIME_PATH)} defer></script></head>` +
    `<body><main class="bsl-page">${body}</main>` +
    `<script type="application/json" id="bsl-state">${jsonForScript(state)}</script></body></html>`
  );
}
