import { builtinComponent, isSafeUrl, type UiComponentDef, type UiPropertyDef } from './components.js';
import { checkDataSource, type UiIssue, type UiIssueCode, type UiTableInfo } from './data-sources.js';
import {
  BINDING_KEYS,
  PATH_ROOTS,
  STYLE_STATES,
  UiDocumentLimits,
  type DataSource,
  type PageDocument,
  type PathBinding,
} from './document.js';
import { UI_CLASS_PATTERN, UI_KEY_PATTERN, UI_UID_PATTERN } from './names.js';

export interface UiValidateOptions {
  /** Columns of the app's tables: data sources are checked against them when given. */
  tables?: (name: string) => UiTableInfo | undefined;
  /**
   * Component types beyond the built-ins (`reusable:<id>`, `custom:<id>`): their document when they
   * have one (reusable), for the cycle check; undefined for an unknown type.
   */
  components?: (type: string) => { document?: PageDocument } | undefined;
  /** The type of the component this document belongs to (a reusable component's own document). */
  selfType?: string;
  /** The container's i18n keys: `$t` keys outside them are refused when given. */
  i18nKeys?: ReadonlySet<string>;
}

export interface UiValidation {
  /** The document as stored: `version` 1 and `dataSources` filled in. */
  document: PageDocument;
  issues: UiIssue[];
}

/** The most issues reported at once; a broken document of 5,000 nodes would otherwise answer megabytes. */
const MAX_ISSUES = 50;
const CSS_PROPERTY = /^(--[A-Za-z0-9_-]{1,64}|-?[a-z][a-z-]{0,63})$/;
/** A style value ends inside `<style>` in a published page: no way out of the rule or the element. */
const CSS_VALUE_BAD = /[<>{};\\]|\/\*|@import|expression\s*\(/i;
const PATH_SEGMENT = /^([A-Za-z_$][A-Za-z0-9_$]{0,99}|\d{1,6})$/;
const TOP_KEYS = new Set(['version', 'dataSources', 'data', 'children']);
const NODE_KEYS = new Set(['uid', 'type', 'props', 'styles', 'classList', 'visible', 'children', 'slots']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const short = (v: string, n = 60) => JSON.stringify(v.length > n ? `${v.slice(0, n)}…` : v);

/** Bytes of a text in UTF-8, without allocating it. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Validates a page, layout or reusable component document with the rules the server enforces on
 * save and the editor shows as you go: size, node count and depth limits, known component types and
 * properties, bindings (`$data` of a declared data source, `$path` from a known root, `$t` keys,
 * `$logic` handler names), styles and classes, unique uids, no component cycles, and data sources
 * whose `where` and `sortBy` parse and name existing columns. Issues name the place and the problem.
 */
export function validatePageDocument(input: unknown, options: UiValidateOptions = {}): UiValidation {
  const issues: UiIssue[] = [];
  const issue = (path: string, code: UiIssueCode, message: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ path, code, message });
  };
  const empty: PageDocument = { version: 1, dataSources: [], children: [] };
  if (!isObject(input)) {
    issue('', 'BAD_DOCUMENT', 'A page document is an object with children (and dataSources)');
    return { document: empty, issues };
  }
  let json: string;
  try {
    json = JSON.stringify(input);
  } catch {
    issue('', 'BAD_DOCUMENT', 'The page document is not JSON');
    return { document: empty, issues };
  }
  if (json.length > UiDocumentLimits.bytes || utf8Length(json) > UiDocumentLimits.bytes) {
    issue('', 'TOO_LARGE', `The page document is larger than ${UiDocumentLimits.bytes / 1024 / 1024} MB`);
    return { document: empty, issues };
  }
  for (const key of Object.keys(input))
    if (!TOP_KEYS.has(key)) issue(key, 'BAD_DOCUMENT', `A page document has no field ${short(key)}`);
  if (input.version !== undefined && input.version !== 1) issue('version', 'BAD_DOCUMENT', 'version must be 1');

  // Data sources first: bindings below refer to their ids.
  const sources: DataSource[] = [];
  const ids = new Set<string>();
  const rawSources = input.dataSources ?? [];
  if (!Array.isArray(rawSources)) issue('dataSources', 'BAD_DOCUMENT', 'dataSources must be a list');
  else {
    if (rawSources.length > UiDocumentLimits.dataSources)
      issue('dataSources', 'BAD_DOCUMENT', `A page has at most ${UiDocumentLimits.dataSources} data sources`);
    rawSources.slice(0, UiDocumentLimits.dataSources).forEach((ds, i) => {
      const at = `dataSources[${i}]`;
      const checked = checkDataSource(ds, at, options.tables, (b, where) => checkPath(b, where), issue);
      if (!checked) return;
      if (ids.has(checked.id))
        issue(`${at}.id`, 'BAD_DATA_SOURCE', `Two data sources have the id ${short(String(checked.id))}`);
      ids.add(checked.id);
      sources.push(checked);
    });
  }

  function checkPath(b: PathBinding, at: string): void {
    const parts = typeof b.$path === 'string' && b.$path.length <= 300 ? b.$path.split('.') : [];
    if (!(PATH_ROOTS as readonly string[]).includes(parts[0]) || !parts.slice(1).every((p) => PATH_SEGMENT.test(p)))
      issue(
        at,
        'UNKNOWN_BINDING',
        `The path ${short(String(b.$path))} must start with ${PATH_ROOTS.join(', ')} and name fields with dots`,
      );
  }

  /** A binding object (a `$` key present); `prop`: the property it feeds (for `$data`). */
  function checkBinding(v: Record<string, unknown>, at: string, prop: UiPropertyDef | undefined, dataAllowed: boolean) {
    const keys = Object.keys(v);
    const kind = keys.find((k) => (BINDING_KEYS as readonly string[]).includes(k));
    const extra = keys.filter((k) => k !== kind && !(kind === '$t' && k === 'args'));
    if (!kind || extra.length) {
      const odd = extra.find((k) => k.startsWith('$')) ?? extra[0] ?? keys[0];
      issue(at, 'UNKNOWN_BINDING', `Unknown binding ${short(String(odd))}: use $data, $path, $t or $logic`);
      return;
    }
    const value = v[kind];
    if (kind === '$data') {
      if (!dataAllowed || (prop && prop.type !== 'data'))
        issue(
          at,
          'UNKNOWN_BINDING',
          `$data feeds a data property only${prop ? ` ('${prop.name}' is ${prop.type})` : ''}`,
        );
      else if (typeof value !== 'string' || !ids.has(value))
        issue(at, 'UNKNOWN_DATA_SOURCE', `The page has no data source ${short(String(value))}`);
    } else if (kind === '$path') checkPath(v as unknown as PathBinding, at);
    else if (kind === '$t') {
      if (typeof value !== 'string' || !UI_KEY_PATTERN.test(value))
        issue(
          at,
          'UNKNOWN_BINDING',
          `The i18n key ${short(String(value))} is not valid (letters, digits, '_', '.', '-')`,
        );
      else if (options.i18nKeys && !options.i18nKeys.has(value))
        issue(at, 'UNKNOWN_I18N_KEY', `The i18n key ${short(value)} is in no dictionary of the container`);
      if (v.args !== undefined) {
        if (!isObject(v.args)) issue(`${at}.args`, 'BAD_PROP', 'args must be an object');
        else for (const [k, a] of Object.entries(v.args)) checkLiteralOrBinding(a, `${at}.args.${k}`, undefined, false);
      }
    } else if (typeof value !== 'string' || !UI_UID_PATTERN.test(value))
      issue(at, 'UNKNOWN_BINDING', `$logic names a handler (letters, digits, '_', '-')`);
  }

  /** Any JSON value: a binding where an object has `$` keys, else a literal checked all the way down. */
  function checkLiteralOrBinding(
    v: unknown,
    at: string,
    prop: UiPropertyDef | undefined,
    dataAllowed: boolean,
    depth = 0,
  ) {
    if (depth > 20) return issue(at, 'BAD_PROP', 'The value is nested too deeply');
    if (Array.isArray(v)) v.forEach((x, i) => checkLiteralOrBinding(x, `${at}[${i}]`, undefined, false, depth + 1));
    else if (isObject(v)) {
      if (Object.keys(v).some((k) => k.startsWith('$'))) checkBinding(v, at, prop, dataAllowed);
      else for (const [k, x] of Object.entries(v)) checkLiteralOrBinding(x, `${at}.${k}`, undefined, false, depth + 1);
    }
  }

  function checkLiteral(def: UiPropertyDef, v: unknown, at: string) {
    const bad = (what: string) => issue(at, 'BAD_PROP', `'${def.name}' must be ${what}`);
    switch (def.type) {
      case 'text':
        if (v !== null && !['string', 'number', 'boolean'].includes(typeof v)) bad('text');
        else if (typeof v === 'string' && v.length > 100_000) bad('at most 100,000 characters');
        return;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) return bad('a number');
        if ((def.min !== undefined && v < def.min) || (def.max !== undefined && v > def.max))
          bad(`from ${def.min} to ${def.max}`);
        return;
      case 'checkbox':
        if (typeof v !== 'boolean') bad('true or false');
        return;
      case 'select':
        if (typeof v !== 'string' || !def.options?.includes(v)) bad(`one of ${def.options?.join(', ')}`);
        return;
      case 'url':
        if (typeof v !== 'string' || v.length > 2000 || !isSafeUrl(v)) bad('an http(s), mailto:, tel: or relative URL');
        return;
      case 'data':
        if (!Array.isArray(v) || v.length > 1000 || !v.every(isObject))
          return bad('a list of at most 1,000 objects or a binding');
        checkLiteralOrBinding(v, at, undefined, false);
        return;
      case 'columns':
        if (
          !Array.isArray(v) ||
          v.length > 100 ||
          !v.every(
            (c) =>
              isObject(c) &&
              typeof c.field === 'string' &&
              /^[A-Za-z_][A-Za-z0-9_.]{0,99}$/.test(c.field) &&
              (c.label === undefined || (typeof c.label === 'string' && c.label.length <= 200)) &&
              Object.keys(c).every((k) => k === 'field' || k === 'label'),
          )
        )
          bad('a list of at most 100 {field, label?} objects');
        return;
      case 'options':
        if (
          !Array.isArray(v) ||
          v.length > 1000 ||
          !v.every(
            (o) =>
              isObject(o) &&
              (typeof o.value === 'string' || typeof o.value === 'number') &&
              (o.label === undefined || typeof o.label === 'string') &&
              Object.keys(o).every((k) => k === 'value' || k === 'label'),
          )
        )
          bad('a list of at most 1,000 {value, label?} objects');
        return;
    }
  }

  const uids = new Set<string>();
  let nodes = 0;
  let tooMany = false;
  let tooDeep = false;
  const usedTypes = new Set<string>();

  function checkNodes(list: unknown, at: string, depth: number, parent: UiComponentDef | undefined) {
    if (!Array.isArray(list)) return issue(at, 'BAD_DOCUMENT', 'children must be a list of nodes');
    if (parent && !parent.container && list.length)
      issue(at, 'BAD_CHILDREN', `A ${parent.type} cannot hold other components`);
    list.forEach((n, i) => checkNode(n, `${at}[${i}]`, depth));
  }

  function checkNode(n: unknown, at: string, depth: number) {
    if (depth > UiDocumentLimits.depth) {
      if (!tooDeep) issue(at, 'TOO_DEEP', `Components are nested deeper than ${UiDocumentLimits.depth} levels`);
      tooDeep = true;
      return;
    }
    if (++nodes > UiDocumentLimits.nodes) {
      if (!tooMany) issue(at, 'TOO_MANY_NODES', `The page has more than ${UiDocumentLimits.nodes} components`);
      tooMany = true;
      return;
    }
    if (!isObject(n)) return issue(at, 'BAD_DOCUMENT', 'A node is an object {uid, type, props, …}');
    for (const key of Object.keys(n))
      if (!NODE_KEYS.has(key)) issue(`${at}.${key}`, 'BAD_DOCUMENT', `A node has no field ${short(key)}`);
    if (typeof n.uid !== 'string' || !UI_UID_PATTERN.test(n.uid))
      issue(`${at}.uid`, 'BAD_DOCUMENT', 'A node uid is 1 to 64 letters, digits, _ or -');
    else if (uids.has(n.uid)) issue(`${at}.uid`, 'DUPLICATE_UID', `Two components have the uid ${short(n.uid)}`);
    else uids.add(n.uid);

    const type = typeof n.type === 'string' ? n.type : '';
    const def = builtinComponent(type);
    if (!def) {
      const other = type && options.components?.(type);
      if (!other) issue(`${at}.type`, 'UNKNOWN_COMPONENT', `Unknown component type ${short(type || String(n.type))}`);
      else usedTypes.add(type);
    }
    if (def) checkProps(def, n.props, `${at}.props`);
    else if (n.props !== undefined) {
      if (!isObject(n.props)) issue(`${at}.props`, 'BAD_PROP', 'props must be an object');
      else for (const [k, v] of Object.entries(n.props)) checkLiteralOrBinding(v, `${at}.props.${k}`, undefined, false);
    }
    checkStyles(n.styles, `${at}.styles`);
    if (n.classList !== undefined) {
      if (
        !Array.isArray(n.classList) ||
        n.classList.length > UiDocumentLimits.classes ||
        !n.classList.every((c) => typeof c === 'string' && UI_CLASS_PATTERN.test(c))
      )
        issue(
          `${at}.classList`,
          'BAD_STYLE',
          `classList is a list of at most ${UiDocumentLimits.classes} CSS class names`,
        );
    }
    if (n.visible !== undefined && typeof n.visible !== 'boolean') {
      if (isObject(n.visible) && ('$path' in n.visible || '$logic' in n.visible))
        checkBinding(n.visible, `${at}.visible`, undefined, false);
      else issue(`${at}.visible`, 'BAD_PROP', 'visible is true, false, a $path or a $logic binding');
    }
    if (n.children !== undefined) checkNodes(n.children, `${at}.children`, depth + 1, def ?? undefined);
    if (n.slots !== undefined) {
      if (!isObject(n.slots)) issue(`${at}.slots`, 'BAD_DOCUMENT', 'slots is an object of node lists');
      else
        for (const [slot, list] of Object.entries(n.slots)) {
          if (def && !def.slots?.includes(slot))
            issue(`${at}.slots`, 'BAD_CHILDREN', `A ${def.type} has no slot ${short(slot)}`);
          else checkNodes(list, `${at}.slots.${slot}`, depth + 1, undefined);
        }
    }
  }

  function checkProps(def: UiComponentDef, props: unknown, at: string) {
    if (props === undefined) return;
    if (!isObject(props)) return issue(at, 'BAD_PROP', 'props must be an object');
    for (const [name, value] of Object.entries(props)) {
      const prop = def.properties.find((p) => p.name === name);
      if (!prop) {
        issue(`${at}.${name}`, 'UNKNOWN_PROP', `A ${def.type} has no property ${short(name)}`);
        continue;
      }
      if (isObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
        if (!prop.dataBinding) issue(`${at}.${name}`, 'BAD_PROP', `'${name}' of a ${def.type} cannot be bound`);
        else checkBinding(value, `${at}.${name}`, prop, true);
      } else checkLiteral(prop, value, `${at}.${name}`);
    }
  }

  function checkStyles(styles: unknown, at: string) {
    if (styles === undefined) return;
    if (!isObject(styles)) return issue(at, 'BAD_STYLE', 'styles is an object of states (normal, hover, …)');
    let count = 0;
    for (const [state, map] of Object.entries(styles)) {
      if (!(STYLE_STATES as readonly string[]).includes(state)) {
        issue(`${at}.${state}`, 'BAD_STYLE', `Unknown style state ${short(state)}: use ${STYLE_STATES.join(', ')}`);
        continue;
      }
      if (!isObject(map)) {
        issue(`${at}.${state}`, 'BAD_STYLE', 'A style state is an object of CSS properties');
        continue;
      }
      for (const [prop, value] of Object.entries(map)) {
        if (++count > UiDocumentLimits.styleProperties) return issue(at, 'BAD_STYLE', 'Too many style properties');
        if (!CSS_PROPERTY.test(prop)) issue(`${at}.${state}`, 'BAD_STYLE', `${short(prop)} is not a CSS property name`);
        else if (
          typeof value === 'number'
            ? !Number.isFinite(value)
            : typeof value !== 'string' || value.length > 500 || CSS_VALUE_BAD.test(value)
        )
          issue(
            `${at}.${state}.${prop}`,
            'BAD_STYLE',
            `The value of ${prop} is not allowed (no < > { } ; \\ or comments)`,
          );
      }
    }
  }

  if (input.data !== undefined) {
    if (!isObject(input.data)) issue('data', 'BAD_DOCUMENT', 'data (the initial page data) must be an object');
    else checkLiteralOrBinding(input.data, 'data', undefined, false);
  }
  if (input.children === undefined) issue('children', 'BAD_DOCUMENT', 'A page document has children (a list of nodes)');
  else checkNodes(input.children, 'children', 1, undefined);

  if (usedTypes.size && options.components) checkCycles(usedTypes, options, issue);

  const document = {
    ...(input as unknown as PageDocument),
    version: 1 as const,
    dataSources: sources,
  };
  return { document, issues };
}

/**
 * Reusable components may not hold themselves, directly or through others: a render would never
 * end. Walks the types each one uses (their documents, from `options.components`).
 */
function checkCycles(
  roots: Set<string>,
  options: UiValidateOptions,
  issue: (path: string, code: UiIssueCode, message: string) => void,
) {
  const typesOf = (doc: PageDocument | undefined): string[] => {
    const out: string[] = [];
    const stack = [...(doc?.children ?? [])];
    while (stack.length && out.length < 10_000) {
      const n = stack.pop()!;
      if (n && typeof n.type === 'string' && !builtinComponent(n.type)) out.push(n.type);
      if (Array.isArray(n?.children)) stack.push(...n.children);
      if (n?.slots && typeof n.slots === 'object')
        for (const l of Object.values(n.slots)) if (Array.isArray(l)) stack.push(...l);
    }
    return out;
  };
  const done = new Set<string>();
  const visit = (type: string, chain: string[]): boolean => {
    if (type === options.selfType || chain.includes(type)) {
      issue('children', 'COMPONENT_CYCLE', `Components include each other: ${[...chain, type].join(' → ')}`);
      return true;
    }
    if (done.has(type) || chain.length > 64) return false;
    const next = typesOf(options.components?.(type)?.document);
    for (const t of next) if (visit(t, [...chain, type])) return true;
    done.add(type);
    return false;
  };
  for (const t of roots) if (visit(t, options.selfType ? [options.selfType] : [])) return;
}

/** One message for a 400: the first issues, each with its place. */
export function uiIssuesMessage(issues: readonly UiIssue[]): string {
  const shown = issues.slice(0, 5).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : '';
  return `The page document is not valid: ${shown.join('; ')}${more}`;
}

/** Every component uid of a document (to find logic of components that are gone). */
export function documentUids(doc: PageDocument): Set<string> {
  const out = new Set<string>();
  const stack = [...(doc.children ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n?.uid === 'string') out.add(n.uid);
    if (Array.isArray(n?.children)) stack.push(...n.children);
    if (n?.slots) for (const l of Object.values(n.slots)) if (Array.isArray(l)) stack.push(...l);
  }
  return out;
}
