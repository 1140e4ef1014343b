import { BLOCK_TAGS, INPUT_TYPES, isSafeUrl, STYLE_STATES, type UiNode } from '@basalt/shared';
import { attr, dateTextOf, escapeHtml, textOf } from './html.js';
import { dataSourceOf, propValue, type RenderScope } from './scope.js';
import { renderChart } from './chart.js';

type Rows = Array<Record<string, unknown>>;

/** CSS properties whose bare numbers have no unit; any other bare number is in pixels. */
const UNITLESS = new Set([
  'opacity',
  'z-index',
  'font-weight',
  'line-height',
  'flex',
  'flex-grow',
  'flex-shrink',
  'order',
  'zoom',
]);
const PSEUDO: Record<string, string> = {
  normal: '',
  hover: ':hover',
  active: ':active',
  focus: ':focus',
  disabled: ':disabled',
};

/** The node's own class (`n-<uid>`), its class list, and its style rules added to the page's CSS. */
function classes(node: UiNode, scope: RenderScope, base: string): string {
  if (node.styles) {
    for (const state of STYLE_STATES) {
      const map = node.styles[state];
      if (!map) continue;
      const body = Object.entries(map)
        .map(([k, v]) => `${k}:${typeof v === 'number' && !UNITLESS.has(k) && !k.startsWith('--') ? `${v}px` : v}`)
        .join(';');
      // Values were checked on save (no way out of the rule); uids are [A-Za-z0-9_-].
      if (body) scope.css.push(`.n-${node.uid}${PSEUDO[state]}{${body}}`);
    }
  }
  const list = (node.classList ?? []).join(' ');
  return ` class="${base} n-${escapeHtml(node.uid)}${list ? ` ${escapeHtml(list)}` : ''}" data-uid="${escapeHtml(node.uid)}"`;
}

const str = (v: unknown) => textOf(v);
const safeUrl = (v: unknown) => {
  const s = typeof v === 'string' ? v : '';
  return s && isSafeUrl(s) ? s : undefined;
};
const rowsOf = (v: unknown): Rows =>
  Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];

/** A link to this page with one query key changed (paging, sorting), other keys kept. */
function linkWith(scope: RenderScope, set: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...scope.query, ...set })) if (v !== undefined) q.set(k, v);
  const text = q.toString();
  return text ? `${scope.pagePath}?${text}` : scope.pagePath;
}

function dataTable(node: UiNode, scope: RenderScope): string {
  const rows = rowsOf(propValue(scope, node, 'data'));
  const source = dataSourceOf(scope, node);
  const dates = source?.result.dates;
  const declared = (propValue(scope, node, 'columns') as Array<{ field: string; label?: string }> | undefined) ?? [];
  const columns = declared.length
    ? declared
    : Object.keys(rows[0] ?? {})
        .filter((k) => k !== '___class' && k !== '__meta')
        .map((field) => ({ field, label: field }));
  const sortable = propValue(scope, node, 'sortable') !== false && !!source;
  const [sortField, sortDir] = (source?.result.sort ?? '').split(' ');
  const head = columns
    .map((c) => {
      const label = escapeHtml(c.label ?? c.field);
      if (!sortable || c.field.includes('.')) return `<th>${label}</th>`;
      const desc = sortField === c.field && sortDir !== 'desc';
      const href = linkWith(scope, {
        [`${source!.id}.sort`]: `${c.field} ${desc ? 'desc' : 'asc'}`,
        [`${source!.id}.page`]: undefined,
      });
      const mark = sortField === c.field ? (sortDir === 'desc' ? ' ▼' : ' ▲') : '';
      return `<th><a${attr('href', href)}${attr('data-bsl-nav', node.uid)}>${label}${mark}</a></th>`;
    })
    .join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${columns.map((c) => `<td>${escapeHtml((dates?.has(c.field) ? dateTextOf : textOf)(cell(r, c.field)))}</td>`).join('')}</tr>`,
    )
    .join('');
  const empty = rows.length ? '' : `<p class="bsl-empty">${escapeHtml(str(propValue(scope, node, 'emptyText')))}</p>`;
  let paging = '';
  if (source && propValue(scope, node, 'paging') !== false && (source.result.page > 1 || source.result.more)) {
    const { id, result } = source;
    const prev =
      result.page > 1
        ? `<a${attr('href', linkWith(scope, { [`${id}.page`]: String(result.page - 1) }))}${attr('data-bsl-nav', node.uid)} rel="prev">Previous</a>`
        : '';
    const next = result.more
      ? `<a${attr('href', linkWith(scope, { [`${id}.page`]: String(result.page + 1) }))}${attr('data-bsl-nav', node.uid)} rel="next">Next</a>`
      : '';
    paging = `<nav class="bsl-paging">${prev}<span>Page ${result.page}</span>${next}</nav>`;
  }
  return `<div${classes(node, scope, 'bsl-datatable')}><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${empty}${paging}</div>`;
}

/** `a.b` reads into a related record. */
function cell(row: Record<string, unknown>, field: string): unknown {
  if (!field.includes('.')) return row[field];
  let v: unknown = row;
  for (const k of field.split('.'))
    v =
      v && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, k)
        ? (v as Record<string, unknown>)[k]
        : undefined;
  return v;
}

function list(node: UiNode, scope: RenderScope): string {
  const rows = rowsOf(propValue(scope, node, 'data'));
  const tag = ['ul', 'ol'].includes(String(propValue(scope, node, 'tag')))
    ? String(propValue(scope, node, 'tag'))
    : 'div';
  const itemTag = tag === 'div' ? 'div' : 'li';
  const items = rows
    .map((item) => `<${itemTag} class="bsl-item">${renderNodes(node.children, { ...scope, item })}</${itemTag}>`)
    .join('');
  const empty = rows.length ? '' : `<p class="bsl-empty">${escapeHtml(str(propValue(scope, node, 'emptyText')))}</p>`;
  return `<${tag}${classes(node, scope, 'bsl-list')}>${items}</${tag}>${empty}`;
}

function label(node: UiNode, scope: RenderScope, inner: string, after = false): string {
  const text = str(propValue(scope, node, 'label'));
  const caption = text ? `<span class="bsl-label">${escapeHtml(text)}</span>` : '';
  return `<label${classes(node, scope, 'bsl-field')}>${after ? inner + caption : caption + inner}</label>`;
}

/** One renderer per built-in type: props read through the scope, every value escaped. */
const RENDERERS: Record<string, (node: UiNode, scope: RenderScope) => string> = {
  Block(node, scope) {
    const t = String(propValue(scope, node, 'tag'));
    const tag = (BLOCK_TAGS as readonly string[]).includes(t) ? t : 'div';
    return `<${tag}${classes(node, scope, 'bsl-block')}>${renderNodes(node.children, scope)}</${tag}>`;
  },
  Text: (node, scope) => `<p${classes(node, scope, 'bsl-text')}>${escapeHtml(str(propValue(scope, node, 'text')))}</p>`,
  Heading(node, scope) {
    const n = Number(propValue(scope, node, 'level'));
    const level = Number.isInteger(n) && n >= 1 && n <= 6 ? n : 1;
    return `<h${level}${classes(node, scope, 'bsl-heading')}>${escapeHtml(str(propValue(scope, node, 'text')))}</h${level}>`;
  },
  Image(node, scope) {
    const num = (k: string) => (typeof propValue(scope, node, k) === 'number' ? propValue(scope, node, k) : undefined);
    return `<img${classes(node, scope, 'bsl-image')}${attr('src', safeUrl(propValue(scope, node, 'src')))}${attr('alt', str(propValue(scope, node, 'alt')))}${attr('width', num('width'))}${attr('height', num('height'))}>`;
  },
  Link(node, scope) {
    const target = propValue(scope, node, 'target') === '_blank' ? '_blank' : undefined;
    const inner = node.children?.length
      ? renderNodes(node.children, scope)
      : escapeHtml(str(propValue(scope, node, 'text')));
    return `<a${classes(node, scope, 'bsl-link')}${attr('href', safeUrl(propValue(scope, node, 'href')))}${attr('target', target)}${target ? ' rel="noopener noreferrer"' : ''}>${inner}</a>`;
  },
  Button(node, scope) {
    const t = String(propValue(scope, node, 'buttonType'));
    const type = ['submit', 'reset'].includes(t) ? t : 'button';
    return `<button${classes(node, scope, 'bsl-button')} type="${type}"${attr('disabled', propValue(scope, node, 'disabled') === true)}>${escapeHtml(str(propValue(scope, node, 'label')))}</button>`;
  },
  Input(node, scope) {
    const t = String(propValue(scope, node, 'inputType'));
    const type = (INPUT_TYPES as readonly string[]).includes(t) ? t : 'text';
    const input = `<input type="${type}"${attr('name', str(propValue(scope, node, 'name')) || undefined)}${attr('placeholder', str(propValue(scope, node, 'placeholder')) || undefined)}${attr('value', str(propValue(scope, node, 'value')) || undefined)}${attr('required', propValue(scope, node, 'required') === true)}${attr('disabled', propValue(scope, node, 'disabled') === true)}>`;
    return label(node, scope, input);
  },
  Select(node, scope) {
    const value = str(propValue(scope, node, 'value'));
    const options = rowsOf(propValue(scope, node, 'options'))
      .map(
        (o) =>
          `<option${attr('value', str(o.value))}${attr('selected', str(o.value) === value)}>${escapeHtml(str(o.label ?? o.value))}</option>`,
      )
      .join('');
    return label(
      node,
      scope,
      `<select${attr('name', str(propValue(scope, node, 'name')) || undefined)}${attr('disabled', propValue(scope, node, 'disabled') === true)}>${options}</select>`,
    );
  },
  Checkbox(node, scope) {
    const input = `<input type="checkbox"${attr('name', str(propValue(scope, node, 'name')) || undefined)}${attr('checked', propValue(scope, node, 'checked') === true)}${attr('disabled', propValue(scope, node, 'disabled') === true)}>`;
    return label(node, scope, input, true);
  },
  Form: (node, scope) =>
    `<form${classes(node, scope, 'bsl-form')}${attr('data-table', str(propValue(scope, node, 'table')) || undefined)} novalidate>${renderNodes(node.children, scope)}</form>`,
  DataTable: dataTable,
  List: list,
  Modal(node, scope) {
    const open = propValue(scope, node, 'open') === true;
    const title = str(propValue(scope, node, 'title'));
    return `<div${classes(node, scope, 'bsl-modal')} role="dialog" aria-modal="true"${open ? '' : ' hidden'}><div class="bsl-modal-box">${title ? `<h2>${escapeHtml(title)}</h2>` : ''}<button type="button" class="bsl-modal-close" data-bsl-close aria-label="Close">×</button>${renderNodes(node.children, scope)}</div></div>`;
  },
  PageOutlet: (_node, scope) => (scope.outlet ? renderNodes(scope.outlet, { ...scope, outlet: undefined }) : ''),
  Chart(node, scope) {
    const svg = renderChart(
      rowsOf(propValue(scope, node, 'data')),
      String(propValue(scope, node, 'chartType')),
      str(propValue(scope, node, 'x')),
      str(propValue(scope, node, 'y')),
    );
    const title = str(propValue(scope, node, 'title'));
    return `<figure${classes(node, scope, 'bsl-chart')}>${title ? `<figcaption>${escapeHtml(title)}</figcaption>` : ''}${svg}</figure>`;
  },
};

/** Whether a node shows: `visible` false, or a `$path` that reads falsy, hides it (`$logic`: shown; the browser decides). */
function shown(node: UiNode, scope: RenderScope): boolean {
  const v = node.visible;
  if (v === undefined || v === true) return true;
  if (v === false) return false;
  if (v && typeof v === 'object' && '$path' in v) {
    const read = propValue(scope, { ...node, props: { v } }, 'v');
    return !!read;
  }
  return true;
}

/** The HTML of a list of nodes; types without a renderer (none after validation) render nothing. */
export function renderNodes(nodes: UiNode[] | undefined, scope: RenderScope): string {
  if (!nodes) return '';
  let out = '';
  for (const node of nodes) {
    if (!shown(node, scope)) continue;
    const render = RENDERERS[node.type];
    if (render) out += render(node, scope);
  }
  return out;
}
