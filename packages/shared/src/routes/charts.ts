import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { SuccessSchema } from '../schemas.js';

const base = '/:appId/console/chart-builder';

/** A chart's name: letters, digits, `_` and `-` (it travels in the URL of `updateChart` and `deleteChart`). */
export const CHART_NAME_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
const ChartNameSchema = Type.String({ pattern: CHART_NAME_PATTERN });
const ColumnSchema = Type.String({ minLength: 1, maxLength: 100 });
const ParamValueSchema = Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean(), Type.Null()]);

/** How the values of a group are folded into one number. */
export const ChartAggregateSchema = Type.Union([
  Type.Literal('count'),
  Type.Literal('sum'),
  Type.Literal('avg'),
  Type.Literal('min'),
  Type.Literal('max'),
]);
export type ChartAggregate = Static<typeof ChartAggregateSchema>;

export const ChartTypeSchema = Type.Union([
  Type.Literal('bar'),
  Type.Literal('line'),
  Type.Literal('area'),
  Type.Literal('pie'),
]);
export type ChartType = Static<typeof ChartTypeSchema>;

/**
 * What a chart shows: the rows of `table` matching `where` (the where language; `$name` values come
 * from `params` and are bound as parameters, never spliced into the text), grouped by column `x`,
 * each group folded by `aggregate` over column `y` (`count` needs no `y`).
 */
export const ChartSourceSchema = Type.Object({
  name: ChartNameSchema,
  title: Type.Optional(Type.String({ maxLength: 200 })),
  type: ChartTypeSchema,
  table: ColumnSchema,
  x: ColumnSchema,
  y: Type.Optional(ColumnSchema),
  aggregate: ChartAggregateSchema,
  where: Type.Optional(Type.String({ maxLength: 5000 })),
  params: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), ParamValueSchema, { maxProperties: 20 })),
  /** Order of the points: by the group (`x`, the default) or by the folded value. */
  sortBy: Type.Optional(
    Type.Union([Type.Literal('x'), Type.Literal('x desc'), Type.Literal('value'), Type.Literal('value desc')]),
  ),
  /** Most points (groups) drawn, 1–100 (default 50). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ChartSource = Static<typeof ChartSourceSchema>;

/** Where a chart shows: nowhere yet, a UI container (and page), or a dashboard. */
export const ChartTargetSchema = Type.Object({
  kind: Type.Union([Type.Literal('none'), Type.Literal('container'), Type.Literal('dashboard')]),
  container: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.String({ maxLength: 100 })),
  dashboardId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ChartTarget = Static<typeof ChartTargetSchema>;

export const ChartSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  chartSource: ChartSourceSchema,
  chartTarget: ChartTargetSchema,
  created: Type.Number(),
  updated: Type.Number(),
});
export type Chart = Static<typeof ChartSchema>;

/** One point of a chart: the group's value of `x` and the folded number. */
export const ChartPointSchema = Type.Object({
  x: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  value: Type.Number(),
});
export type ChartPoint = Static<typeof ChartPointSchema>;

/** A chart's series as one caller sees it (only the rows that caller may find are counted). */
export const ChartDataSchema = Type.Object({
  name: Type.String(),
  type: ChartTypeSchema,
  x: Type.String(),
  y: Type.Union([Type.String(), Type.Null()]),
  aggregate: ChartAggregateSchema,
  /** Who the series was computed as: the anonymous visitor, a role, or an app user. */
  as: Type.Object({
    roles: Type.Array(Type.String()),
    userId: Type.Union([Type.String(), Type.Null()]),
  }),
  points: Type.Array(ChartPointSchema),
});
export type ChartData = Static<typeof ChartDataSchema>;

/**
 * Who chart data is computed as: a role alone (`roleName`), an app user with all its roles
 * (`userId`), or — neither given — the anonymous visitor of the app's published pages.
 */
export const ChartCallerQuerySchema = Type.Object({
  roleName: Type.Optional(Type.String({ maxLength: 100 })),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ChartCallerQuery = Static<typeof ChartCallerQuerySchema>;

const ChartBodySchema = Type.Object({ chartSource: ChartSourceSchema, chartTarget: Type.Optional(ChartTargetSchema) });

/** Charts made with the chart builder (`chartBuilder` group); decision 0093. */
export const chartBuilderRoutes = {
  getCharts: defineRoute({
    name: 'chartBuilder.getCharts',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(ChartSchema),
    summary: "The app's charts, by name",
  }),
  createChart: defineRoute({
    name: 'chartBuilder.createChart',
    method: 'POST',
    path: `${base}/chart`,
    auth: 'developer',
    body: ChartBodySchema,
    response: ChartSchema,
    summary: 'Saves a new chart; its table, columns and where are checked against the schema (400 naming the problem)',
  }),
  updateChart: defineRoute({
    name: 'chartBuilder.updateChart',
    method: 'PUT',
    path: `${base}/chart/:chartName`,
    auth: 'developer',
    body: ChartBodySchema,
    response: ChartSchema,
    summary: 'Replaces a chart (named by the path; the reference client puts `chartSource.name` there)',
  }),
  deleteChart: defineRoute({
    name: 'chartBuilder.deleteChart',
    method: 'DELETE',
    path: `${base}/chart/:chartName`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a chart; dashlets showing it show nothing from then on',
  }),
  renameChart: defineRoute({
    name: 'chartBuilder.renameChart',
    method: 'PUT',
    path: `${base}/rename-chart`,
    auth: 'developer',
    body: Type.Object({ oldChartName: Type.String({ maxLength: 100 }), newChartName: ChartNameSchema }),
    response: ChartSchema,
    summary: 'Renames a chart (409 when the new name is taken)',
  }),
  getChartData: defineRoute({
    name: 'chartBuilder.getChartData',
    method: 'GET',
    path: `${base}/chart/:chartName/data`,
    auth: 'developer',
    query: ChartCallerQuerySchema,
    response: ChartDataSchema,
    summary:
      "The chart's points computed through the app API's data access as the caller named (permissions apply: 403 when it may find no row of the table)",
  }),
} satisfies Record<string, RouteDef>;
