import {
  Routes,
  type SqlConnection,
  type SqlConnectionInput,
  type SqlQuery,
  type SqlQueryInput,
  type SqlRoutine,
  type SqlSelectInput,
  type SqlTable,
  type Success,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.sqlService;

export type { SqlConnection, SqlConnectionInput, SqlQuery, SqlQueryInput, SqlRoutine, SqlSelectInput, SqlTable };

/** One row of a select, keyed by the column names the database gave. */
export type SqlRow = Record<string, unknown>;

const seg = (s: string) => encodeURIComponent(s);

/**
 * SQL connections to external databases, saved named queries and read-only selects (`sqlService`
 * group of the reference client). Calls go on the `sqlService` channel: the host of the client
 * option `sqlServiceURL`, or the main server when it is not set. `connection` in the query paths
 * is the connection's name (its id works too).
 */
export function createSqlServiceGroup({ request }: GroupContext) {
  const t = request.sqlService;
  return {
    getConnections(appId: string): Promise<SqlConnection[]> {
      return t.route(r.getConnections, [appId]);
    },

    /** Adds a connection; the server connects first and answers 424 with the database's message when it cannot. */
    createConnection(appId: string, data: SqlConnectionInput): Promise<SqlConnection> {
      return t.route(r.createConnection, [appId], { body: data });
    },

    /** Changes the connection `data.id`; a password left out (or the mask) is kept. */
    updateConnection(appId: string, data: SqlConnectionInput & { id: string }): Promise<SqlConnection> {
      return t.route(r.updateConnection, [appId, seg(data.id)], { body: data });
    },

    getConnectionTables(appId: string, connectionId: string): Promise<SqlTable[]> {
      return t.route(r.getConnectionTables, [appId, seg(connectionId)]);
    },

    getConnectionRoutines(appId: string, connectionId: string): Promise<SqlRoutine[]> {
      return t.route(r.getConnectionRoutines, [appId, seg(connectionId)]);
    },

    getConnectionQueries(appId: string, connectionName: string): Promise<SqlQuery[]> {
      return t.route(r.getConnectionQueries, [appId, seg(connectionName)]);
    },

    /** Saves `{name, query, params: [{name, type}]}`; `:name` placeholders in `query`. */
    createConnectionQuery(appId: string, connectionName: string, data: SqlQueryInput): Promise<SqlQuery> {
      return t.route(r.createConnectionQuery, [appId, seg(connectionName)], { body: data });
    },

    updateConnectionQuery(
      appId: string,
      connectionName: string,
      queryId: string,
      data: SqlQueryInput,
    ): Promise<SqlQuery> {
      return t.route(r.updateConnectionQuery, [appId, seg(connectionName), seg(queryId)], { body: data });
    },

    /** Runs one read-only SELECT `{query, params?}`; anything else is refused (400 SQL_NOT_READ_ONLY). */
    runConnectionDynamicSelect(appId: string, connectionName: string, data: SqlSelectInput): Promise<SqlRow[]> {
      return t.route(r.runConnectionDynamicSelect, [appId, seg(connectionName)], { body: data });
    },

    /** Runs a saved query with `{params}` bound by name. */
    runConnectionNamedSelect(
      appId: string,
      connectionName: string,
      queryName: string,
      data: { params?: Record<string, unknown> } = {},
    ): Promise<SqlRow[]> {
      return t.route(r.runConnectionNamedSelect, [appId, seg(connectionName), seg(queryName)], { body: data });
    },

    // Basalt additions (not in the reference client).

    /** Removes a connection and its saved queries. */
    deleteConnection(appId: string, connectionId: string): Promise<Success> {
      return t.route(r.deleteConnection, [appId, seg(connectionId)]);
    },

    /** Connects with settings that are not saved: `{success, tables}` or a 424 with the database's message. */
    testConnection(appId: string, data: SqlConnectionInput): Promise<{ success: boolean; tables: number }> {
      return t.route(r.testConnection, [appId], { body: data });
    },

    deleteConnectionQuery(appId: string, connectionName: string, queryId: string): Promise<Success> {
      return t.route(r.deleteConnectionQuery, [appId, seg(connectionName), seg(queryId)]);
    },

    /** The SQL editor over the app's own database: one read-only SELECT (or its plan with `explain`). */
    runAppSelect(appId: string, data: SqlSelectInput): Promise<SqlRow[]> {
      return t.route(r.runAppSelect, [appId], { body: data });
    },
  };
}

/** The `sqlService` group's methods. */
export type SqlServiceGroup = ReturnType<typeof createSqlServiceGroup>;
