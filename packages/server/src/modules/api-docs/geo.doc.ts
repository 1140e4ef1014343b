import type { TableMeta } from '../data/index.js';
import { appDocument, operation, pathParam, type DocFrame, type PathItem } from './builder.js';
import { findParams, tableComponents } from './data-table.doc.js';
import { spatialColumns } from './column-schema.js';

const TAG = 'Spatial queries';

/** The where functions of spatial retrieval, with an example each (the description lists them). */
const FUNCTIONS = [
  "Within(location, 'POLYGON((0 0, 10 0, 10 10, 0 10, 0 0))') = true",
  "Intersects(area, 'LINESTRING(0 0, 5 5)') = true",
  "Contains(area, 'POINT(2 3)') = true",
  "distanceOnSphere(location, 'POINT(-74.0 40.7)') < 5000   (metres)",
  "distance(location, 'POINT(1 1)') < 3   (planar, in the column's units)",
];

/**
 * The geo document. The app API has no geo-point service of its own (Backendless 8 dropped it):
 * spatial data lives in POINT, LINESTRING, POLYGON and GEOMETRY columns and is queried with spatial
 * functions in a where clause. So this documents the find route of every table that has such a
 * column (with its schema), and the generic one for a table named in the path.
 */
export function geoDocument(frame: Omit<DocFrame, 'title' | 'description' | 'tags'>, tables: TableMeta[]) {
  const spatial = tables.filter((t) => spatialColumns(t).length > 0);
  const paths: Record<string, PathItem> = {};
  for (const t of spatial) {
    const columns = spatialColumns(t)
      .map((c) => `${c.name} (${c.dataType})`)
      .join(', ');
    paths[`/data/${t.name}`] = {
      get: operation({
        id: `spatialFind${t.name.replace(/[^A-Za-z0-9_]/g, '_')}`,
        tag: TAG,
        summary: `Find ${t.name} records by place`,
        description: `Spatial columns: ${columns}. Put a spatial function in \`where\`.`,
        parameters: findParams(),
        answer: { type: 'array', items: { $ref: `#/components/schemas/${t.name}` } },
        answerDescription: 'The matching records, geometries as GeoJSON',
      }),
    };
  }
  paths['/data/{table}'] = {
    get: operation({
      id: 'spatialFind',
      tag: TAG,
      summary: 'Find records of any table by place',
      parameters: [pathParam('table', 'A table with a spatial column'), ...findParams()],
      answer: { type: 'array', items: { type: 'object', additionalProperties: true } },
      answerDescription: 'The matching records',
      notFound: 'The app has no such table',
    }),
  };
  return appDocument(
    {
      ...frame,
      title: 'Geo API',
      description:
        'Spatial data is stored in POINT, LINESTRING, POLYGON and GEOMETRY columns (written as GeoJSON or WKT) ' +
        `and found with spatial functions in a where clause:\n\n${FUNCTIONS.map((f) => `- \`${f}\``).join('\n')}\n\n` +
        (spatial.length
          ? `Tables with spatial columns: ${spatial.map((t) => t.name).join(', ')}.`
          : 'No table of this app has a spatial column yet.'),
      tags: [{ name: TAG, description: 'Records found by place' }],
    },
    paths,
    tableComponents(spatial),
  );
}
