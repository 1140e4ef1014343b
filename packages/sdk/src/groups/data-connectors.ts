import {
  Routes,
  type BodyOf,
  type ConnectorProcedure,
  type ConnectorTable,
  type ConnectorTemplate,
  type DataConnector,
  type DataConnectorInput,
  type Success,
} from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import { COUNT_CACHE_TTL } from '../transport/cache.js';
import type { GroupContext } from './group-context.js';
import { recordsCountBody, recordsFindBody, type RecordsQuery, type SearchTable } from './tables-query.js';

const r = Routes.dataConnectors;

export type { ConnectorProcedure, ConnectorTable, ConnectorTemplate, DataConnector, DataConnectorInput };

/** One row of an external table, keyed by its column names. */
export type ConnectorRow = Record<string, unknown>;

const seg = (s: string) => encodeURIComponent(s);
const nameOf = (table: SearchTable | string) => (typeof table === 'string' ? table : table.name);
const searchTable = (table: SearchTable | string): SearchTable => (typeof table === 'string' ? { name: table } : table);

/**
 * Data connectors (`dataConnectors` group of the reference client): external PostgreSQL,
 * MySQL/MariaDB and SQLite databases whose tables the Data area lists beside the app's own.
 * `table` is a table from `getConnectorTables` (its columns drive the free-text search) or its name.
 */
export function createDataConnectorsGroup({ request }: GroupContext) {
  const tag = (connectorId: string, table: SearchTable | string) => [
    CacheTags.TABLE_DATA(`${connectorId}.${nameOf(table)}`),
  ];
  return {
    getTemplates(appId: string): Promise<ConnectorTemplate[]> {
      return request.route(r.getTemplates, [appId]);
    },

    getConnectors(appId: string, forceRefresh?: boolean): Promise<DataConnector[]> {
      return request.route(r.getConnectors, [appId], { query: { forceRefresh } });
    },

    /** Adds a connector; the server connects first and answers 424 with the database's message when it cannot. */
    activateConnector(appId: string, connector: DataConnectorInput): Promise<DataConnector> {
      return request.route(r.activateConnector, [appId], { body: connector });
    },

    deleteConnector(appId: string, connectorId: string): Promise<Success> {
      return request.route(r.deleteConnector, [appId, seg(connectorId)]);
    },

    /** Changes the connector `connector.id`; a password left out (or the mask) is kept. */
    updateConnector(appId: string, connector: DataConnectorInput & { id: string }): Promise<DataConnector> {
      return request.route(r.updateConnector, [appId, seg(connector.id)], { body: connector });
    },

    getConnectorTables(
      appId: string,
      connectorId: string,
      query?: { forceRefresh?: boolean },
    ): Promise<ConnectorTable[]> {
      return request.route(r.getConnectorTables, [appId, seg(connectorId)], { query });
    },

    /** A page of rows (`pageSize`, `offset`, `where`, `sortBy`, `props`, as `tables.loadRecords` takes them). */
    getConnectorTableEntries(
      appId: string,
      connectorId: string,
      table: SearchTable | string,
      query: RecordsQuery = {},
    ): Promise<ConnectorRow[]> {
      return request.route(r.getConnectorTableEntries, [appId, seg(connectorId), seg(nameOf(table))], {
        body: recordsFindBody(searchTable(table), query) as BodyOf<typeof r.getConnectorTableEntries>,
      });
    },

    /** Rows matching the query's filter, kept 30 s here and on the server; `resetCache` counts again. */
    getConnectorTableEntriesCount(
      appId: string,
      connectorId: string,
      table: SearchTable | string,
      query: RecordsQuery = {},
      resetCache?: boolean,
    ): Promise<number> {
      const { where } = recordsCountBody(searchTable(table), query);
      return request.route(r.getConnectorTableEntriesCount, [appId, seg(connectorId), seg(nameOf(table))], {
        query: { where, resetCache: resetCache || undefined },
        cache: COUNT_CACHE_TTL,
        cacheTags: tag(connectorId, table),
        resetCache,
      });
    },

    getConnectorStoredProcedures(
      appId: string,
      connectorId: string,
      options: { forceRefresh?: boolean } = {},
    ): Promise<ConnectorProcedure[]> {
      return request.route(r.getConnectorStoredProcedures, [appId, seg(connectorId)], {
        query: { forceRefresh: options.forceRefresh },
      });
    },

    /** Runs a procedure; `params` by name (`{min_total: 10}`) or in order (`[10]`). Answers its rows. */
    executeConnectorStoredProcedure(
      appId: string,
      connectorId: string,
      procedureId: string,
      params?: Record<string, unknown> | unknown[] | null,
    ): Promise<ConnectorRow[]> {
      return request.route(r.executeConnectorStoredProcedure, [appId, seg(connectorId), seg(procedureId)], {
        body: params ?? {},
      });
    },
  };
}
