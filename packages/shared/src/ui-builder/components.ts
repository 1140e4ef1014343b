/**
 * The built-in components of the UI Builder, described in the shape of a custom component's
 * definition (properties, event handlers, actions), so one format drives the editor's property
 * panel, the logic editor's events and the server's validation of page documents (decision 0080).
 * `loadSDKComponents` answers this list.
 */

/** What a property holds; decides the editor field and the check of a literal value. */
export type UiPropertyType =
  /** a string */
  | 'text'
  /** a finite number, within `min`/`max` when given */
  | 'number'
  /** a boolean */
  | 'checkbox'
  /** one of `options` */
  | 'select'
  /** an http(s), mailto: or relative URL: never `javascript:` or `data:` */
  | 'url'
  /** rows: a `$data` binding (a page data source), a `$path` binding, or a literal array of objects */
  | 'data'
  /** DataTable columns: `[{field, label?}]` */
  | 'columns'
  /** Select options: `[{value, label?}]` */
  | 'options';

export interface UiPropertyDef {
  name: string;
  label: string;
  type: UiPropertyType;
  options?: readonly string[];
  defaultValue?: unknown;
  min?: number;
  max?: number;
  /** May be bound (`$path`, `$t`, `$logic`; `$data` only for `data` properties). */
  dataBinding: boolean;
  description?: string;
}

export interface UiEventHandlerDef {
  name: string;
  label: string;
  /** The values the event hands to logic. */
  contextBlocks: readonly string[];
}

export interface UiActionDef {
  id: string;
  label: string;
}

export interface UiComponentDef {
  /** The node `type` that names it. */
  type: string;
  name: string;
  description: string;
  category: 'layout' | 'text' | 'media' | 'input' | 'data' | 'navigation';
  /** Whether nodes of this type may have children. */
  container: boolean;
  /** Named slots besides `children`, when the component has them. */
  slots?: readonly string[];
  properties: readonly UiPropertyDef[];
  eventHandlers: readonly UiEventHandlerDef[];
  actions: readonly UiActionDef[];
}

const text = (name: string, label: string, defaultValue = ''): UiPropertyDef => ({
  name,
  label,
  type: 'text',
  defaultValue,
  dataBinding: true,
});
const flag = (name: string, label: string, defaultValue = false): UiPropertyDef => ({
  name,
  label,
  type: 'checkbox',
  defaultValue,
  dataBinding: true,
});
const choice = (name: string, label: string, options: readonly string[], defaultValue = options[0]): UiPropertyDef => ({
  name,
  label,
  type: 'select',
  options,
  defaultValue,
  dataBinding: false,
});
const data: UiPropertyDef = {
  name: 'data',
  label: 'Data',
  type: 'data',
  dataBinding: true,
  description: 'A page data source ({"$data": "id"}), a path ({"$path": "page.items"}) or a literal array',
};
const click: UiEventHandlerDef = { name: 'onClick', label: 'On Click', contextBlocks: [] };
const change: UiEventHandlerDef = { name: 'onChange', label: 'On Change', contextBlocks: ['value'] };

export const INPUT_TYPES = ['text', 'number', 'email', 'password', 'date', 'tel', 'url', 'search'] as const;
export const BLOCK_TAGS = ['div', 'section', 'header', 'footer', 'nav', 'main', 'article', 'aside'] as const;

export const BUILTIN_COMPONENTS: readonly UiComponentDef[] = [
  {
    type: 'Block',
    name: 'Block',
    description: 'A box that holds other components',
    category: 'layout',
    container: true,
    properties: [choice('tag', 'HTML element', BLOCK_TAGS)],
    eventHandlers: [click],
    actions: [],
  },
  {
    type: 'Text',
    name: 'Text',
    description: 'A paragraph of text',
    category: 'text',
    container: false,
    properties: [text('text', 'Text')],
    eventHandlers: [click],
    actions: [],
  },
  {
    type: 'Heading',
    name: 'Heading',
    description: 'A title, h1 to h6',
    category: 'text',
    container: false,
    properties: [
      text('text', 'Text'),
      { name: 'level', label: 'Level', type: 'number', min: 1, max: 6, defaultValue: 1, dataBinding: false },
    ],
    eventHandlers: [click],
    actions: [],
  },
  {
    type: 'Image',
    name: 'Image',
    description: 'A picture from a URL',
    category: 'media',
    container: false,
    properties: [
      { name: 'src', label: 'Source URL', type: 'url', defaultValue: '', dataBinding: true },
      text('alt', 'Alternative text'),
      { name: 'width', label: 'Width (px)', type: 'number', min: 0, max: 10_000, dataBinding: true },
      { name: 'height', label: 'Height (px)', type: 'number', min: 0, max: 10_000, dataBinding: true },
    ],
    eventHandlers: [click],
    actions: [],
  },
  {
    type: 'Link',
    name: 'Link',
    description: 'A link to a page of the container or to a URL',
    category: 'navigation',
    container: true,
    properties: [
      text('text', 'Text'),
      { name: 'href', label: 'URL', type: 'url', defaultValue: '', dataBinding: true },
      choice('target', 'Open in', ['_self', '_blank']),
    ],
    eventHandlers: [click],
    actions: [],
  },
  {
    type: 'Button',
    name: 'Button',
    description: 'A button that runs logic or submits its form',
    category: 'input',
    container: false,
    properties: [
      text('label', 'Label', 'Button'),
      choice('buttonType', 'Type', ['button', 'submit', 'reset']),
      flag('disabled', 'Disabled'),
    ],
    eventHandlers: [click],
    actions: [],
  },
  {
    type: 'Input',
    name: 'Input',
    description: 'A text field',
    category: 'input',
    container: false,
    properties: [
      text('name', 'Field name'),
      text('label', 'Label'),
      choice('inputType', 'Type', INPUT_TYPES),
      text('placeholder', 'Placeholder'),
      text('value', 'Value'),
      flag('required', 'Required'),
      flag('disabled', 'Disabled'),
    ],
    eventHandlers: [change],
    actions: [{ id: 'focus', label: 'Focus' }],
  },
  {
    type: 'Select',
    name: 'Select',
    description: 'A drop-down list',
    category: 'input',
    container: false,
    properties: [
      text('name', 'Field name'),
      text('label', 'Label'),
      { name: 'options', label: 'Options', type: 'options', defaultValue: [], dataBinding: true },
      text('value', 'Value'),
      flag('disabled', 'Disabled'),
    ],
    eventHandlers: [change],
    actions: [],
  },
  {
    type: 'Checkbox',
    name: 'Checkbox',
    description: 'A box to tick',
    category: 'input',
    container: false,
    properties: [
      text('name', 'Field name'),
      text('label', 'Label'),
      flag('checked', 'Checked'),
      flag('disabled', 'Disabled'),
    ],
    eventHandlers: [change],
    actions: [],
  },
  {
    type: 'Form',
    name: 'Form',
    description: 'Groups inputs; on submit its values go to logic (or save a record of its table)',
    category: 'input',
    container: true,
    properties: [text('table', 'Table'), text('successMessage', 'Message after saving')],
    eventHandlers: [{ name: 'onSubmit', label: 'On Submit', contextBlocks: ['values'] }],
    actions: [{ id: 'reset', label: 'Reset' }],
  },
  {
    type: 'DataTable',
    name: 'Data Table',
    description: 'Rows of a data source as a table, with paging and sorting',
    category: 'data',
    container: false,
    properties: [
      data,
      {
        name: 'columns',
        label: 'Columns',
        type: 'columns',
        defaultValue: [],
        dataBinding: false,
        description: 'The fields shown, in order ([{"field": "name", "label": "Name"}]); empty shows every field',
      },
      flag('paging', 'Paging', true),
      flag('sortable', 'Sortable columns', true),
      text('emptyText', 'Text when there are no rows', 'No records'),
    ],
    eventHandlers: [{ name: 'onRowClick', label: 'On Row Click', contextBlocks: ['row'] }],
    actions: [{ id: 'reload', label: 'Reload data' }],
  },
  {
    type: 'List',
    name: 'List',
    description: 'Repeats its children once per row of a data source; children read the row as item.*',
    category: 'data',
    container: true,
    properties: [
      data,
      choice('tag', 'HTML element', ['div', 'ul', 'ol']),
      text('emptyText', 'Text when there are no rows'),
    ],
    eventHandlers: [{ name: 'onItemClick', label: 'On Item Click', contextBlocks: ['item'] }],
    actions: [{ id: 'reload', label: 'Reload data' }],
  },
  {
    type: 'Modal',
    name: 'Modal',
    description: 'A dialog over the page, closed until logic or its `open` property opens it',
    category: 'layout',
    container: true,
    properties: [text('title', 'Title'), flag('open', 'Open')],
    eventHandlers: [{ name: 'onClose', label: 'On Close', contextBlocks: [] }],
    actions: [
      { id: 'open', label: 'Open' },
      { id: 'close', label: 'Close' },
    ],
  },
  {
    type: 'PageOutlet',
    name: 'Page Outlet',
    description: "Where a layout shows its page's content",
    category: 'layout',
    container: false,
    properties: [],
    eventHandlers: [],
    actions: [],
  },
  {
    type: 'Chart',
    name: 'Chart',
    description: 'A bar, line or pie chart of a data source',
    category: 'data',
    container: false,
    properties: [
      data,
      choice('chartType', 'Chart type', ['bar', 'line', 'pie']),
      text('x', 'Label field'),
      text('y', 'Value field'),
      text('title', 'Title'),
    ],
    eventHandlers: [],
    actions: [{ id: 'reload', label: 'Reload data' }],
  },
];

const byType = new Map(BUILTIN_COMPONENTS.map((c) => [c.type, c]));

/** The built-in definition of a node type, or undefined. */
export function builtinComponent(type: string): UiComponentDef | undefined {
  return byType.get(type);
}

/** URLs a published page may link to: http(s), mailto:, tel:, a path, a query or a fragment. */
export function isSafeUrl(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (/^(https?:|mailto:|tel:)/i.test(v)) return true;
  // No scheme at all: relative. A ':' before the first '/', '?' or '#' would be a scheme.
  const head = v.split(/[/?#]/, 1)[0];
  if (head.includes(':') || v.startsWith('//') || v.includes('\\')) return false;
  // Browsers drop tabs and line breaks inside URLs ("java\tscript:"): refuse every control character.
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) < 32) return false;
  return true;
}
