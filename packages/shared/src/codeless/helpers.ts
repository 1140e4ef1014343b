/**
 * Small runtime helpers a generated body may need, emitted once at its top when used. Their names
 * start with `$b_`, which no user variable (always `v_…`) and no scope name can take. Each is fixed
 * text: nothing from the workspace is ever spliced into them. Decision 0050.
 */
const own = 'Object.prototype.hasOwnProperty.call';

export const HELPERS = {
  /** An own property of an object (never one inherited from its prototype), or null. */
  $b_get: `const $b_get = (o, k) => (o !== null && o !== undefined && ${own}(Object(o), String(k)) ? o[String(k)] : null);`,
  /** Sets an own property, even one named __proto__, without touching any prototype. */
  $b_set: [
    'const $b_set = (o, k, v) => {',
    "  if (o === null || typeof o !== 'object') throw new TypeError('Set property: the target is not an object');",
    '  Object.defineProperty(o, String(k), { value: v, writable: true, enumerable: true, configurable: true });',
    '};',
  ].join('\n'),
  /** An HTTP header of the call, whatever its case. */
  $b_header: [
    'const $b_header = (name) => {',
    "  const h = ($ctx && typeof $ctx.httpHeaders === 'object' && $ctx.httpHeaders) || {};",
    '  const want = String(name).toLowerCase();',
    '  for (const k of Object.keys(h)) if (k.toLowerCase() === want) return h[k];',
    '  return null;',
    '};',
  ].join('\n'),
  $b_length: [
    'const $b_length = (v) =>',
    "  v === null || v === undefined ? 0 : typeof v === 'string' || Array.isArray(v) ? v.length : String(v).length;",
  ].join('\n'),
  $b_titleCase: [
    'const $b_titleCase = (s) =>',
    '  String(s).replace(/\\S+/g, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());',
  ].join('\n'),
  $b_randomInt: [
    'const $b_randomInt = (a, b) => {',
    '  let lo = Number(a), hi = Number(b);',
    '  if (lo > hi) [lo, hi] = [hi, lo];',
    '  return Math.floor(Math.random() * (hi - lo + 1) + lo);',
    '};',
  ].join('\n'),
  $b_array: [
    'const $b_array = (v) => {',
    "  if (!Array.isArray(v)) throw new TypeError('Lists: the value is not a list');",
    '  return v;',
    '};',
  ].join('\n'),
  /** Blockly's list positions: # counted from 1, from the start or the end. */
  $b_index: [
    'const $b_index = (l, where, at, insert) => {',
    "  if (where === 'FIRST') return 0;",
    "  if (where === 'LAST') return insert ? l.length : l.length - 1;",
    "  if (where === 'FROM_START') return Number(at) - 1;",
    "  if (where === 'FROM_END') return l.length - Number(at) + (insert ? 1 : 0);",
    '  return Math.floor(Math.random() * (l.length + (insert ? 1 : 0)));',
    '};',
  ].join('\n'),
  $b_listGet: [
    'const $b_listGet = (list, mode, where, at) => {',
    '  const l = $b_array(list);',
    '  const i = $b_index(l, where, at, false);',
    '  if (!Number.isInteger(i) || i < 0 || i >= l.length) return null;',
    "  if (mode === 'GET') return l[i] === undefined ? null : l[i];",
    '  const v = l.splice(i, 1)[0];',
    '  return v === undefined ? null : v;',
    '};',
  ].join('\n'),
  $b_listSet: [
    'const $b_listSet = (list, mode, where, at, value) => {',
    '  const l = $b_array(list);',
    "  const i = $b_index(l, where, at, mode === 'INSERT');",
    "  if (!Number.isInteger(i) || i < 0 || i > l.length) throw new RangeError('Lists: position ' + String(at) + ' is outside the list');",
    "  if (mode === 'INSERT') l.splice(i, 0, value);",
    '  else l[i] = value;',
    '};',
  ].join('\n'),
  /** A library function by id, only if it is one (never an inherited member of `$fn`). */
  $b_fn: [
    'const $b_fn = (id) => {',
    "  if (!$fn || !${own}($fn, id) || typeof $fn[id] !== 'function') throw new Error('Unknown function: ' + id);",
    '  return $fn[id];',
    '};',
  ]
    .join('\n')
    .replace('${own}', own),
  /** One HTTP call: an object or list body goes as JSON; the answer is { status, headers, body }. */
  $b_http: [
    'const $b_http = async (method, url, body, headers) => {',
    '  const h = {};',
    "  if (headers && typeof headers === 'object') for (const k of Object.keys(headers)) h[k] = String(headers[k]);",
    '  const init = { method, headers: h };',
    "  if (typeof body === 'string') init.body = body;",
    '  else if (body !== null && body !== undefined) {',
    '    init.body = JSON.stringify(body);',
    "    if (!Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';",
    '  }',
    '  const res = (await basalt.http.fetch(String(url), init)) || {};',
    '  let data = res.body;',
    "  const type = String((res.headers && (res.headers['content-type'] || res.headers['Content-Type'])) || '');",
    "  if (typeof data === 'string' && type.includes('json')) {",
    '    try {',
    '      data = JSON.parse(data);',
    '    } catch {',
    '      // the text as it came',
    '    }',
    '  }',
    '  return { status: res.status, headers: res.headers || {}, body: data };',
    '};',
  ].join('\n'),
} as const;

export type HelperName = keyof typeof HELPERS;

/** Helpers that use other helpers. */
export const HELPER_NEEDS: Partial<Record<HelperName, HelperName[]>> = {
  $b_listGet: ['$b_array', '$b_index'],
  $b_listSet: ['$b_array', '$b_index'],
};
