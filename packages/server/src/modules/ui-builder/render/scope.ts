import { builtinComponent, type PropValue, type UiNode } from '@basalt/shared';

/** The rows a data source gave this render, with the paging and sorting it was read with. */
export interface DataResult {
  rows: Array<Record<string, unknown>>;
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** The sort the URL asked for (`amount desc`), null for the data source's own. */
  sort: string | null;
  /** Whether a next page has rows. */
  more: boolean;
  /** The read failed (permission, schema changed): the component renders empty. */
  failed: boolean;
  /** The table's date columns (`created`, `updated` and its DATETIME columns), shown as dates. */
  dates?: ReadonlySet<string>;
}

/** What a render of one page reads: data sources, page/route/user data, the repeater row. */
export interface RenderScope {
  data: Record<string, DataResult>;
  page: Record<string, unknown>;
  route: Record<string, unknown>;
  user: Record<string, unknown>;
  app: Record<string, unknown>;
  item?: unknown;
  /** In a layout: the page's nodes, rendered where the PageOutlet is. */
  outlet?: UiNode[];
  /** `$t` texts in the visitor's language (decision 0086); without it a key shows as itself. */
  t?: (key: string, args?: unknown) => string;
  /** `/{appId}/{container}/{page}`: paging and sorting links point here. */
  pagePath: string;
  /** The request's query (paging and sorting links keep the other keys). */
  query: Record<string, string>;
  /** CSS rules of node styles, collected for the page's one style element. */
  css: string[];
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Follows a `$path` (`page.a.b`, `item.name`, `route.id`) through plain data; undefined when missing. */
export function readPath(scope: RenderScope, path: string): unknown {
  const [root, ...rest] = path.split('.');
  let value: unknown =
    root === 'item'
      ? scope.item
      : root === 'page'
        ? scope.page
        : root === 'route'
          ? scope.route
          : root === 'user'
            ? scope.user
            : root === 'app'
              ? scope.app
              : undefined;
  for (const key of rest) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    // Own properties only: a path never reaches an object's prototype.
    if (!hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A property's value for this render: literals as they are; `$data` the rows; `$path` the value
 * found; `$t` the text of the visitor's language (the key without dictionaries); `$logic` the property's default, since
 * property logic runs only in the browser.
 */
export function propValue(scope: RenderScope, node: UiNode, name: string): unknown {
  const raw = node.props?.[name] as PropValue | undefined;
  if (raw === undefined) return builtinComponent(node.type)?.properties.find((p) => p.name === name)?.defaultValue;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    if ('$data' in raw) return scope.data[String(raw.$data)]?.rows ?? [];
    if ('$path' in raw) return readPath(scope, String(raw.$path));
    if ('$t' in raw) return scope.t ? scope.t(String(raw.$t), raw.args) : String(raw.$t);
    if ('$logic' in raw) return builtinComponent(node.type)?.properties.find((p) => p.name === name)?.defaultValue;
  }
  return raw;
}

/** The data result behind a `data` property bound with `$data` (for paging and sorting), if any. */
export function dataSourceOf(scope: RenderScope, node: UiNode): { id: string; result: DataResult } | undefined {
  const raw = node.props?.data;
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && '$data' in raw) {
    const id = String(raw.$data);
    const result = scope.data[id];
    if (result) return { id, result };
  }
  return undefined;
}
