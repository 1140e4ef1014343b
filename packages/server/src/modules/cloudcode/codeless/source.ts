import type { CodelessKind, CodelessParam } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type {
  CcCodelessFunctionRow,
  CcCodelessLogicRow,
  CcCodelessMethodRow,
  CcCodelessServiceRow,
  CcHandlerRow,
  CcTimerRow,
} from '../store/index.js';
import { generateItem, type CodelessItemRef } from './generate.js';

/** Everything one CODELESS model deploys, read from the codeless sources and the handler tables. */
export interface ModelSources {
  services: Array<{ service: CcCodelessServiceRow; methods: CcCodelessMethodRow[] }>;
  /** The app's library: every model's code can call every function. */
  functions: CcCodelessFunctionRow[];
  /** The model's codeless handlers (custom events included), one per (provider, event, target). */
  handlers: CcHandlerRow[];
  timers: CcTimerRow[];
  /** `cc_codeless_logic` rows by `logicKey`. */
  logic: Map<string, CcCodelessLogicRow>;
}

export const handlerKey = (h: Pick<CcHandlerRow, 'provider' | 'event_name' | 'target'>) =>
  `${h.provider}/${h.event_name}/${h.target}`;
export const logicKey = (kind: string, itemKey: string) => `${kind}\u0000${itemKey}`;

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
const lit = (v: unknown) => JSON.stringify(v);
/** JSDoc text that cannot end the comment or start a tag. */
const docText = (s: string) => s.replace(/\*\//g, '* /').replace(/@/g, '\uFF20').replace(/\r?\n/g, ' ');

/** JSDoc type of a parameter type name; the app API checks arguments against it (decision 0046). */
const JSDOC_TYPES: Record<string, string> = {
  STRING: 'string',
  NUMBER: 'number',
  BOOLEAN: 'boolean',
  DATE: 'Date',
  OBJECT: 'Object',
  ARRAY: 'Array',
  ANY: '*',
};
export const PARAM_TYPES = Object.keys(JSDOC_TYPES);

export function jsdocType(type: string | undefined): string {
  return JSDOC_TYPES[(type ?? 'ANY').toUpperCase()] ?? '*';
}

/** Names of a function's inputs from its `definition` (`{inputs: [{name}]}` or `{inputs: ['a']}`). */
export function functionInputs(definitionJson: string): string[] {
  const def = parse(definitionJson) as { inputs?: unknown } | null;
  if (!def || !Array.isArray(def.inputs)) return [];
  return def.inputs
    .map((i) => (typeof i === 'string' ? i : typeof i === 'object' && i ? (i as { name?: unknown }).name : undefined))
    .filter((n): n is string => typeof n === 'string' && n !== '');
}

/**
 * The one wrapper every generated body runs in (the generator's contract): `$params` the named
 * inputs, `$ctx` the call's context, `$req`/`$res` a handler's, `$fn` the library.
 */
function wrapped(body: string, self: string, params: string, req: string, res: string): string {
  return [
    '  return (async function ($params, $ctx, $req, $res, $fn) {',
    body,
    `  }).call(${self}, ${params}, basalt.context, ${req}, ${res}, $fn);`,
  ].join('\n');
}

interface Out {
  files: Array<{ path: string; content: string }>;
  /** What a deploy answers about the items it generated. */
  items: number;
}

/**
 * Generates the model's files from its sources: one class per service (`services/{Name}.js`, JSDoc
 * typed parameters, `@route` when the method names one), the library (`lib/functions.js`, `$fn`
 * by function id), handlers and custom events (`handlers.js`) and timers (`timers.js`). Every
 * item's logic is generated anew; a refusal names the item and block. Calls to functions that are
 * not in the library are refused too.
 */
export function modelFiles(src: ModelSources): Out {
  const known = new Set(src.functions.map((f) => f.id));
  let items = 0;
  const gen = (item: CodelessItemRef, logic: string | null, kind: CodelessKind, params?: string[]) => {
    const out = generateItem(item, parse(logic), kind, params);
    const missing = out.functions.find((id) => !known.has(id));
    if (missing !== undefined)
      throw new ApiError(
        'CLOUD_CODE_DEPLOY_ERROR',
        `The logic of ${item.type} '${item.name}' calls the function '${missing}', which is not in the library`,
        { item, functionId: missing },
      );
    items++;
    return out.body;
  };

  const lib = ['export const $fn = Object.create(null);'];
  for (const f of src.functions) {
    const body = gen(
      { type: 'function', id: f.id, name: f.name },
      f.logic_json,
      'function',
      functionInputs(f.definition_json),
    );
    lib.push(
      `$fn[${lit(f.id)}] = async function (inputs) {`,
      wrapped(
        body,
        'undefined',
        "inputs !== null && typeof inputs === 'object' ? inputs : {}",
        'undefined',
        'undefined',
      ),
      '};',
    );
  }
  const files = [{ path: 'lib/functions.js', content: `${lib.join('\n')}\n` }];

  for (const { service, methods } of src.services) {
    const lines = [
      "import { $fn } from '../lib/functions.js';",
      '',
      '/**',
      ` * ${docText(service.description || `The ${service.name} codeless service.`)}`,
      ' */',
      `class ${service.name} {`,
    ];
    for (const m of methods) {
      const params = parse(m.params_json) as CodelessParam[];
      const names = params.map((p) => p.name);
      const body = gen({ type: 'method', id: m.id, name: `${service.name}.${m.name}` }, m.logic_json, 'method', names);
      lines.push(
        '  /**',
        ...(m.description ? [`   * ${docText(m.description)}`] : []),
        ...params.map(
          (p) =>
            `   * @param {${jsdocType(p.type)}${p.required === false ? '=' : ''}} ${p.name}${p.description ? ` ${docText(p.description)}` : ''}`,
        ),
        ...(m.verb ? [`   * @route ${m.verb} ${m.path ?? `/${m.name}`}`] : []),
        ...(m.returns ? [`   * @returns {${jsdocType(m.returns)}}`] : []),
        '   */',
        `  async ${m.name}(${names.join(', ')}) {`,
        wrapped(body, 'this', `{ ${names.map((n) => `${n}: ${n}`).join(', ')} }`, 'undefined', 'undefined'),
        '  }',
        '',
      );
    }
    lines.push('}', '', `Backendless.ServerCode.addService(${service.name});`, '');
    files.push({ path: `services/${service.name}.js`, content: lines.join('\n') });
  }

  const handlers = ["import { $fn } from './lib/functions.js';"];
  for (const h of src.handlers) {
    const key = handlerKey(h);
    const logic = src.logic.get(logicKey('handler', key));
    if (h.provider === 'custom') {
      const body = gen({ type: 'event', id: h.id, name: h.target }, logic?.logic_json ?? null, 'event');
      handlers.push(
        `basalt.register.customEvent(${lit(h.target)}, async function (req, res) {`,
        wrapped(body, 'this', '(req && req.args) || {}', 'req', 'res'),
        '});',
      );
      continue;
    }
    const body = gen({ type: 'handler', id: h.id, name: key }, logic?.logic_json ?? null, 'handler');
    handlers.push(
      `basalt.register.handler(${lit(h.provider)}, ${lit(h.event_name)}, ${lit(h.target)}, async function (req, res) {`,
      wrapped(body, 'this', 'req', 'req', 'res'),
      `}, ${h.async ? 'true' : 'false'});`,
    );
  }
  if (src.handlers.length) files.push({ path: 'handlers.js', content: `${handlers.join('\n')}\n` });

  const timers = ["import { $fn } from './lib/functions.js';"];
  for (const t of src.timers) {
    const logic = src.logic.get(logicKey('timer', t.name));
    const body = gen({ type: 'timer', id: t.id, name: t.name }, logic?.logic_json ?? null, 'timer');
    timers.push(
      'basalt.register.timer({',
      `  name: ${lit(t.name)},`,
      ...(t.start_date !== null ? [`  startDate: ${Number(t.start_date)},`] : []),
      ...(t.expire !== null ? [`  expire: ${Number(t.expire)},`] : []),
      `  frequency: ${t.frequency_json ?? '{}'},`,
      '  async execute(req) {',
      wrapped(body, 'this', '{}', 'undefined', 'undefined'),
      '  },',
      '});',
    );
  }
  if (src.timers.length) files.push({ path: 'timers.js', content: `${timers.join('\n')}\n` });
  return { files, items };
}
