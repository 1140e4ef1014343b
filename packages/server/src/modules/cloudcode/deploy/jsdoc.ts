/*
 * Reads the JSDoc of service classes from the model's source files: `@param {type} name`,
 * `@returns {type}`, `@route VERB /path`, `@private`, and the description. The sandbox tells which
 * classes are services and their parameter names; these comments add types, routes and texts.
 */

export interface ParamDoc {
  name: string;
  type: string;
  description?: string;
  optional: boolean;
}

export interface MethodDoc {
  description?: string;
  params: ParamDoc[];
  returns?: string;
  route?: { verb: string; path: string };
  private: boolean;
}

export interface ClassDoc {
  description?: string;
  version?: string;
  methods: Map<string, MethodDoc>;
}

const VERBS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** `{Array<{a: string}>} rest` → [`Array<{a: string}>`, `rest`]; braces may nest. */
function readType(text: string): [type: string | undefined, rest: string] {
  const t = text.trimStart();
  if (!t.startsWith('{')) return [undefined, t];
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '{') depth++;
    else if (t[i] === '}' && --depth === 0) return [t.slice(1, i).trim(), t.slice(i + 1).trimStart()];
  }
  return [undefined, t];
}

/** The text of a `/** … *\/` comment without its frame and leading stars. */
function commentText(raw: string): string {
  return raw
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, ''))
    .join('\n')
    .trim();
}

/** Splits a comment into its description and its tags (`@name text`, text possibly several lines). */
function tags(text: string): { description: string; tags: Array<{ tag: string; text: string }> } {
  const out: Array<{ tag: string; text: string }> = [];
  const desc: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (m) out.push({ tag: m[1], text: m[2] });
    else if (out.length) out[out.length - 1].text += `\n${line}`;
    else desc.push(line);
  }
  return { description: desc.join('\n').trim(), tags: out };
}

export function parseMethodDoc(raw: string): MethodDoc {
  const parsed = tags(commentText(raw));
  const doc: MethodDoc = { params: [], private: false };
  if (parsed.description) doc.description = parsed.description;
  for (const { tag, text } of parsed.tags) {
    if (tag === 'param' || tag === 'arg' || tag === 'argument') {
      const [type, rest] = readType(text);
      const m = /^(\[?)([A-Za-z_$][\w$.]*)(?:=[^\]]*)?\]?\s*(?:-\s*)?([\s\S]*)$/.exec(rest);
      if (!m || m[2].includes('.')) continue; // `@param {x} opts.field` documents a field, not a parameter
      doc.params.push({
        name: m[2],
        type: type ?? 'any',
        optional: m[1] === '[' || !!type?.endsWith('='),
        ...(m[3].trim() ? { description: m[3].trim() } : {}),
      });
    } else if (tag === 'returns' || tag === 'return') {
      const [type] = readType(text);
      if (type) doc.returns = type;
    } else if (tag === 'route') {
      const parts = text.trim().split(/\s+/);
      const verb = parts[0]?.toUpperCase();
      if (verb && VERBS.has(verb) && parts[1]) doc.route = { verb, path: parts[1] };
      else if (parts[0]?.startsWith('/')) doc.route = { verb: 'GET', path: parts[0] };
    } else if (tag === 'private') doc.private = true;
    else if (tag === 'description' || tag === 'desc') doc.description = text.trim();
  }
  return doc;
}

const COMMENT_THEN = /\/\*\*[\s\S]*?\*\//g;
const CLASS = /(?:^|[\s;(=])class\s+([A-Za-z_$][\w$]*)/g;
const METHOD_AFTER = /^\s*(?:static\s+)?(?:async\s+)?(?:\*\s*)?([A-Za-z_$][\w$]*)\s*\(/;
const CLASS_AFTER = /^\s*(?:export\s+)?(?:default\s+)?class\s+([A-Za-z_$][\w$]*)/;

/**
 * The documented classes of the sources, by class name. A method's comment belongs to the nearest
 * class declared before it; a class's own comment sits right before `class`.
 */
export function readDocs(files: Array<{ path: string; content: string }>): Map<string, ClassDoc> {
  const out = new Map<string, ClassDoc>();
  const classOf = (name: string) => {
    let c = out.get(name);
    if (!c) out.set(name, (c = { methods: new Map() }));
    return c;
  };
  for (const file of files) {
    const src = file.content;
    const classes = [...src.matchAll(CLASS)].map((m) => ({ name: m[1], at: m.index ?? 0 }));
    for (const m of src.matchAll(COMMENT_THEN)) {
      const end = (m.index ?? 0) + m[0].length;
      const after = src.slice(end, end + 300);
      const cls = CLASS_AFTER.exec(after);
      if (cls) {
        const parsed = tags(commentText(m[0]));
        const c = classOf(cls[1]);
        if (parsed.description) c.description = parsed.description;
        const version = parsed.tags.find((t) => t.tag === 'version');
        if (version) c.version = version.text.trim();
        continue;
      }
      const method = METHOD_AFTER.exec(after);
      if (!method || ['if', 'for', 'while', 'switch', 'function', 'return'].includes(method[1])) continue;
      const owner = classes.filter((c) => c.at < end).pop();
      if (!owner) continue;
      classOf(owner.name).methods.set(method[1], parseMethodDoc(m[0]));
    }
  }
  return out;
}
