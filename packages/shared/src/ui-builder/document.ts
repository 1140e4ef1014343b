/**
 * The page document of the UI Builder (decision 0080): what `updatePageUI` / `updateLayoutUI` store
 * and what the published page renders. Plain JSON, so the server validates it on save with the same
 * code the editor runs, and resolves every binding without running developer code.
 */

/** `{"$data": "orders"}`: the rows of the page data source `orders`. */
export interface DataBinding {
  $data: string;
}
/** `{"$path": "page.selected.name"}`: a value of page, app, item (repeater row), user or route data. */
export interface PathBinding {
  $path: string;
}
/** `{"$t": "welcome_title", "args": {"name": …}}`: a text of the container's i18n dictionaries. */
export interface I18nBinding {
  $t: string;
  args?: Record<string, PropValue>;
}
/** `{"$logic": "handlerName"}`: property logic, run only in the browser; the server renders the default. */
export interface LogicBinding {
  $logic: string;
}
export type Binding = DataBinding | PathBinding | I18nBinding | LogicBinding;

/** A literal JSON value (objects without `$` keys) or a binding. */
export type PropValue = string | number | boolean | null | PropValue[] | Binding | { [key: string]: PropValue };

/** The roots a `$path` may start from. */
export const PATH_ROOTS = ['page', 'app', 'item', 'user', 'route'] as const;
export type PathRoot = (typeof PATH_ROOTS)[number];

/** The binding keys; an object with any other `$` key is refused as an unknown binding. */
export const BINDING_KEYS = ['$data', '$path', '$t', '$logic'] as const;

/** Style states of a node, each a map of CSS property to value. */
export const STYLE_STATES = ['normal', 'hover', 'active', 'focus', 'disabled'] as const;
export type StyleState = (typeof STYLE_STATES)[number];
export type NodeStyles = Partial<Record<StyleState, Record<string, string | number>>>;

/** One node of the tree. `children` is the default slot; `slots` holds named ones. */
export interface UiNode {
  uid: string;
  type: string;
  props?: Record<string, PropValue>;
  styles?: NodeStyles;
  classList?: string[];
  visible?: boolean | PathBinding | LogicBinding;
  children?: UiNode[];
  slots?: Record<string, UiNode[]>;
}

/**
 * A page data source: a query of one table in the where language. Values from the URL or page
 * data enter only through `params`, referenced in `where` as `$name` and bound as literals into
 * the parsed condition, never spliced into its text.
 */
export interface TableDataSource {
  id: string;
  kind: 'table';
  table: string;
  where?: string;
  /** Parameter values: literals or `$path` bindings (`route.id`, `page.search` …). */
  params?: Record<string, string | number | boolean | null | PathBinding>;
  /** Columns to load (all when left out). */
  props?: string[];
  /** `amount desc`, or a list of such. */
  sortBy?: string | string[];
  /** Rows per page, 1 to 100 (10 when left out). */
  pageSize?: number;
}
export type DataSource = TableDataSource;

/** A page or layout document. */
export interface PageDocument {
  /** Format version; 1 when left out. */
  version?: 1;
  dataSources?: DataSource[];
  /** Initial page data (`page.*` paths). */
  data?: Record<string, PropValue>;
  children: UiNode[];
}

/** Limits of a document (decision 0080): a render loop or a huge tree is a denial of service. */
export const UiDocumentLimits = {
  /** Bytes of the document as JSON. */
  bytes: 2 * 1024 * 1024,
  nodes: 5_000,
  depth: 64,
  dataSources: 50,
  pageSize: 100,
  classes: 50,
  styleProperties: 200,
} as const;

export const emptyPageDocument = (): PageDocument => ({ version: 1, dataSources: [], children: [] });

export const isBinding = (v: unknown): v is Binding =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));
