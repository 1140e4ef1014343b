import type { McpApiService, McpTool } from '@basalt/shared';
import type { ColumnInfo, TableMeta } from '../data/index.js';

/** The data operations a table's tools do; each is decided by the permission engine as the server's role. */
export type TableOp = 'find' | 'get' | 'create' | 'update' | 'delete' | 'count';

/** A generated tool with what it runs: kept with the server at deploy, so its tools change only on redeploy. */
export type ToolSpec = McpTool & {
  target: { kind: 'table'; table: string; op: TableOp } | { kind: 'service'; service: string; method: string };
};

type Schema = Record<string, unknown>;

/** Most rows a find tool answers in one call (MCP answers go to a model's context: small pages). */
export const MAX_PAGE = 100;

/** A JSON schema for a column's values. Spatial and JSON columns take any value (the data API checks them). */
function columnSchema(c: ColumnInfo): Schema {
  switch (c.dataType) {
    case 'INT':
      return { type: 'integer' };
    case 'DOUBLE':
      return { type: 'number' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'DATETIME':
      return { type: ['integer', 'string'], description: 'epoch milliseconds or an ISO date' };
    case 'STRING':
    case 'STRING_ID':
    case 'EXTENDED_STRING':
    case 'TEXT':
    case 'FILE_REF':
      return { type: 'string' };
    default:
      return {};
  }
}

const SERVER_COLUMNS = new Set(['objectId', 'created', 'updated', 'ownerId']);

function recordSchema(t: TableMeta, forCreate: boolean): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const c of t.columns) {
    if (SERVER_COLUMNS.has(c.name) || (t.name === 'Users' && c.name === 'password' && !forCreate)) continue;
    const schema = columnSchema(c);
    // A column that may be empty takes null too (to clear it).
    if (!c.required && schema.type) schema.type = ([] as unknown[]).concat(schema.type, 'null');
    properties[c.name] = schema;
    if (forCreate && c.required && c.defaultValue == null) required.push(c.name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

const objectId = { type: 'string', description: 'objectId of the record', minLength: 1, maxLength: 100 };
const where = { type: 'string', description: 'where clause, e.g. "price > 10 AND name LIKE \'A%\'"', maxLength: 5_000 };

/** Tool names allow letters, digits, `_`, `-` and `.` (at most 128); other characters become `_`. */
const toolName = (...parts: string[]) =>
  parts
    .join('_')
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 128);

function tableTools(t: TableMeta): ToolSpec[] {
  const tool = (op: TableOp, description: string, inputSchema: Schema): ToolSpec => ({
    name: toolName(op, t.name),
    description,
    inputSchema,
    target: { kind: 'table', table: t.name, op },
  });
  const obj = (properties: Schema, required: string[] = []): Schema => ({
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  });
  return [
    tool(
      'find',
      `Finds records of table ${t.name} matching a where clause, a page at a time (at most ${MAX_PAGE})`,
      obj({
        where,
        pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
        offset: { type: 'integer', minimum: 0 },
        sortBy: { type: 'array', items: { type: 'string' }, description: 'e.g. ["name", "created DESC"]' },
        properties: { type: 'array', items: { type: 'string' } },
      }),
    ),
    tool('get', `Gets one record of table ${t.name} by its objectId`, obj({ objectId }, ['objectId'])),
    tool('create', `Creates a record in table ${t.name}`, obj({ record: recordSchema(t, true) }, ['record'])),
    tool(
      'update',
      `Changes fields of a record of table ${t.name}`,
      obj({ objectId, changes: recordSchema(t, false) }, ['objectId', 'changes']),
    ),
    tool('delete', `Deletes a record of table ${t.name} by its objectId`, obj({ objectId }, ['objectId'])),
    tool('count', `Counts records of table ${t.name} matching a where clause`, obj({ where })),
  ];
}

/** A service parameter type of the MCP listing (`STRING`, `NUMBER` …) as a JSON schema. */
function paramSchema(type: string): Schema {
  switch (type) {
    case 'STRING':
      return { type: 'string' };
    case 'NUMBER':
      return { type: 'number' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'ARRAY':
      return { type: 'array' };
    case 'OBJECT':
      return { type: 'object' };
    default:
      return {};
  }
}

function serviceTools(s: McpApiService): ToolSpec[] {
  return s.elements.map((m) => ({
    name: toolName(s.serviceInfo.serviceName, m.name),
    description: m.description || `Calls ${m.name} of API service ${s.serviceInfo.serviceName}`,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(
        m.params.map((p) => [
          p.name,
          { ...paramSchema(p.type), ...(p.description ? { description: p.description } : {}) },
        ]),
      ),
      required: m.params.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
    target: { kind: 'service', service: s.serviceInfo.serviceName, method: m.name },
  }));
}

/**
 * The tools of a hosted server: six per table (the app's own tables and Users) and one per method
 * of each API service marked for MCP. A name met twice keeps its first tool (tables come first).
 */
export function generateTools(tables: TableMeta[], services: McpApiService[]): ToolSpec[] {
  const out = new Map<string, ToolSpec>();
  for (const t of tables) {
    if (t.system && t.name !== 'Users') continue;
    for (const tool of tableTools(t)) if (!out.has(tool.name)) out.set(tool.name, tool);
  }
  for (const s of services) {
    if (!s.serviceInfo.mcpEnabled) continue;
    for (const tool of serviceTools(s)) if (!out.has(tool.name)) out.set(tool.name, tool);
  }
  return [...out.values()];
}

/** What MCP clients see of a tool (its target stays on the server). */
export const publicTool = (t: ToolSpec): McpTool => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema,
});

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/**
 * Checks arguments against the schemas generated above (types, required, unknown names, bounds):
 * the message of the first problem, or undefined. A tool call that fails it is a tool error the
 * model can read and correct, never an exception.
 */
export function checkArguments(schema: Schema, value: unknown, path = 'arguments'): string | undefined {
  const types = schema.type === undefined ? undefined : ([] as string[]).concat(schema.type as string | string[]);
  if (types) {
    const actual = typeOf(value);
    const fits = types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
    if (!fits) return `${path} must be ${types.join(' or ')}, not ${actual}`;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      return `${path} must be at least ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      return `${path} must be at most ${schema.maximum}`;
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return `${path} must not be empty`;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      return `${path} must be at most ${schema.maxLength} characters`;
  }
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const problem = checkArguments(schema.items as Schema, value[i], `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    const props = schema.properties as Record<string, Schema>;
    const rec = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (rec[name] === undefined) return `${path}.${name} is required`;
    for (const [name, v] of Object.entries(rec)) {
      const sub = props[name];
      if (!sub) {
        if (schema.additionalProperties === false) return `${path}.${name} is not a known argument`;
        continue;
      }
      if (v === undefined) continue;
      const problem = checkArguments(sub, v, `${path}.${name}`);
      if (problem) return problem;
    }
  }
  return undefined;
}
