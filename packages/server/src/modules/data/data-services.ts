import type { ServerContext } from '../../context.js';
import type { DataArea } from './data-area.js';
import type { DataServices } from './index.js';
import { TablesService } from './schema/tables.service.js';
import { ColumnsService } from './schema/columns.service.js';
import { RelationsService } from './schema/relations.service.js';
import { RecordsService } from './records/records.service.js';
import { RecordsQuery } from './records/records.query.js';
import { ViewsService } from './views/views.service.js';

/**
 * The data services over one data area: the server's own (`createDataServices`) or a transaction
 * view's. `within` makes the services of a transaction's view from the server's area.
 */
export function servicesOver(area: DataArea, within: (view: ServerContext, area: DataArea) => DataServices): DataServices {
  const tables = new TablesService(area);
  const columns = new ColumnsService(area);
  const relations = new RelationsService(area, tables, columns);
  const records = new RecordsService(area, tables, columns);
  const query = new RecordsQuery(area, records.links);
  const views = new ViewsService(area, tables);
  return {
    tables, columns, relations, records, query, views,
    dynamic: records.dynamic,
    schema: (appId) => area.schema(appId),
    schemaNow: (appId) => area.schemas.peek(appId),
    outbox: area.outbox,
    within: (view) => within(view, area),
    area,
  };
}
