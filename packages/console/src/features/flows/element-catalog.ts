import { FLOW_ELEMENT_TYPES } from '@basalt/shared';

/** How the palette groups element types: by the word before the dot of their type. */
export type ElementGroup = 'triggers' | 'actions' | 'control';

export interface ElementKind {
  type: string;
  label: string;
  group: ElementGroup;
  /** One line for the palette and the inspector's header. */
  hint: string;
  /** What a new element of this type starts with: prefilled defaults, not placeholders. */
  defaults: Record<string, unknown>;
}

/**
 * Labels, hints and defaults of the types this console has forms for. The palette lists every type
 * of the shared FLOW_ELEMENT_TYPES, so a type the server learns before the console does still shows,
 * with a label made from its name and the JSON editor as its form.
 */
const KNOWN: Record<string, Omit<ElementKind, 'type' | 'group'>> = {
  'trigger.data': {
    label: 'Data event',
    hint: 'Starts when a record is created or updated',
    defaults: { table: '', events: ['created'] },
  },
  'trigger.api': { label: 'API call', hint: 'Starts when an app activates the flow by name or id', defaults: {} },
  'trigger.schedule': {
    label: 'Schedule',
    hint: 'Starts once at a time, every interval, or on a cron expression in a time zone',
    defaults: { mode: 'interval', intervalSeconds: 3600 },
  },
  'control.condition': {
    label: 'Condition',
    hint: 'Goes on at yes or no',
    defaults: { left: '{{ $trigger. }}', operator: '=', right: '' },
  },
  'control.delay': { label: 'Delay', hint: 'Waits a number of seconds', defaults: { seconds: 60 } },
  'control.returnResult': { label: 'Return result', hint: 'Ends the flow with values', defaults: { values: {} } },
  'action.createRecord': {
    label: 'Create record',
    hint: 'Saves a new record in a table',
    defaults: { table: '', values: {} },
  },
  'action.updateRecord': {
    label: 'Update record',
    hint: 'Changes fields of a record',
    defaults: { table: '', objectId: '{{ $trigger.objectId }}', changes: {} },
  },
  'action.findRecords': {
    label: 'Find records',
    hint: 'Reads records that match a where clause',
    defaults: { table: '', where: '', pageSize: 10 },
  },
  'action.http': {
    label: 'HTTP request',
    hint: 'Calls a URL; answers status, headers and body',
    defaults: { url: 'https://', method: 'GET' },
  },
  'action.log': { label: 'Log', hint: 'Writes a line to the flow log', defaults: { level: 'INFO', message: '' } },
  'action.aiAssistant': {
    label: 'AI assistant',
    hint: "Asks one of the app's AI assistants; answers its decision",
    defaults: { assistant: '', message: '{{ $trigger }}' },
  },
  'action.aiAgent': {
    label: 'AI agent',
    hint: 'Asks the AI model with your own prompts',
    defaults: { system: '', prompt: '', json: false },
  },
};

function groupOf(type: string): ElementGroup {
  if (type.startsWith('trigger.')) return 'triggers';
  if (type.startsWith('control.')) return 'control';
  return 'actions';
}

/** `action.sendEmail` → `Send email`. */
function labelFromType(type: string): string {
  const word = type.slice(type.indexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1 $2');
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

export function elementKind(type: string): ElementKind {
  const known = KNOWN[type];
  return known
    ? { type, group: groupOf(type), ...known }
    : { type, group: groupOf(type), label: labelFromType(type), hint: type, defaults: {} };
}

/** Every type the server runs, grouped in palette order. */
export const ELEMENT_KINDS: ElementKind[] = FLOW_ELEMENT_TYPES.map((t) => elementKind(t));

export const GROUP_TITLES: Record<ElementGroup, string> = {
  triggers: 'Triggers',
  actions: 'Actions',
  control: 'Control',
};

/** Most branches a parallel element has (the server's limit). */
const MAX_BRANCHES = 16;

/**
 * The ports an element leaves from, as the server's element registry names them: a condition goes
 * on at yes or no, a result ends the flow, a loop has its `body` and goes on at `out`, a router has
 * a port per route plus its default, a parallel element `branch-1`…; every element but a result
 * and a trigger may hand its failure to `error`. A parallel element shows the branches in use and
 * one free one (at least two), so 16 handles never crowd the node.
 */
export function portsOf(type: string, config: Record<string, unknown> = {}, used: string[] = []): string[] {
  if (type === 'control.condition') return ['yes', 'no', 'error'];
  if (type === 'control.returnResult') return [];
  if (type.startsWith('trigger.')) return ['out'];
  if (type === 'control.forEach' || type === 'control.repeat') return ['body', 'out', 'error'];
  if (type === 'control.router') {
    const routes = Array.isArray(config.routes) ? config.routes : [];
    const ports = routes.flatMap((r: unknown) => {
      if (!r || typeof r !== 'object') return [];
      const route = r as { port?: unknown; value?: unknown };
      return [String(route.port ?? route.value ?? '')].filter(Boolean);
    });
    const fallback = typeof config.default === 'string' && config.default ? config.default : 'default';
    return [...new Set([...ports, fallback]), 'error'];
  }
  if (type === 'control.parallel') {
    const highest = Math.max(0, ...used.map((p) => Number(/^branch-(\d+)$/.exec(p)?.[1] ?? 0)));
    const count = Math.min(MAX_BRANCHES, Math.max(2, highest + 1));
    return [...Array.from({ length: count }, (_, k) => `branch-${k + 1}`), 'error'];
  }
  return ['out', 'error'];
}

export const isTrigger = (type: string) => type.startsWith('trigger.');
