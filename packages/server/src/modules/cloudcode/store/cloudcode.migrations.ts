import type { Kysely, Migration } from 'kysely';

/**
 * Every cloud-code table, in the system database keyed by `app_id` (cloud-code range 0500–; the
 * columns are the parts' shared contract, decision 0046). Times are epoch ms, flags 0/1.
 */
const m0500: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const appId = 'app_id';
    await db.schema
      .createTable('cc_models')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cc_models_pk', [appId, 'language', 'name'])
      .execute();

    await db.schema
      .createTable('cc_files')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('stage', 'varchar(16)', (c) => c.notNull())
      .addColumn('path', 'varchar(1024)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cc_files_pk', [appId, 'language', 'model', 'stage', 'path'])
      .execute();

    await db.schema
      .createTable('cc_deployments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('registration_json', 'text', (c) => c.notNull())
      .addColumn('files_json', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('cc_deployments_model')
      .on('cc_deployments')
      .columns([appId, 'language', 'model', 'created'])
      .execute();

    await db.schema
      .createTable('cc_services')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('version', 'varchar(50)', (c) => c.notNull())
      .addColumn('deployment_id', 'varchar(64)')
      .addColumn('spec_json', 'text', (c) => c.notNull())
      .addColumn('config_json', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cc_services_name').on('cc_services').columns([appId, 'name']).execute();

    await db.schema
      .createTable('cc_handlers')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('provider', 'varchar(50)', (c) => c.notNull())
      .addColumn('event_id', 'integer')
      .addColumn('event_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('target', 'varchar(255)', (c) => c.notNull())
      .addColumn('async', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('deployment_id', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('timeout_ms', 'integer')
      .execute();
    await db.schema.createIndex('cc_handlers_app').on('cc_handlers').columns([appId, 'mode', 'model']).execute();

    await db.schema
      .createTable('cc_chains')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('target', 'varchar(255)', (c) => c.notNull())
      .addColumn('order_json', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('cc_chains_pk', [appId, 'event_id', 'target'])
      .execute();

    await db.schema
      .createTable('cc_timers')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('start_date', 'bigint')
      .addColumn('expire', 'bigint')
      .addColumn('frequency_json', 'text')
      .addColumn('timezone', 'varchar(64)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('next_run_at', 'bigint')
      .addColumn('last_run_at', 'bigint')
      .addColumn('last_status', 'varchar(16)')
      .addColumn('running_since', 'bigint')
      .addColumn('lease_owner', 'varchar(200)')
      .addColumn('lease_until', 'bigint')
      .addColumn('deployment_id', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cc_timers_due').on('cc_timers').columns(['enabled', 'next_run_at']).execute();
    await db.schema.createIndex('cc_timers_app').on('cc_timers').columns([appId, 'name']).execute();

    await db.schema
      .createTable('cc_timer_logs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('timer_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('log_excerpt', 'text')
      .execute();
    await db.schema.createIndex('cc_timer_logs_app').on('cc_timer_logs').columns([appId, 'started_at']).execute();

    // Values of service configuration items survive deploys (the services rows do not), hence
    // their own table keyed by service name; secrets are sealed (http/secret-box.ts).
    await db.schema
      .createTable('cc_service_config')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('service', 'varchar(100)', (c) => c.notNull())
      .addColumn('values_json', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cc_service_config_pk', [appId, 'model', 'service'])
      .execute();

    // The model whose copy of a service answers the app API, when several models hold it.
    await db.schema
      .createTable('cc_service_defaults')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('service', 'varchar(100)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('cc_service_defaults_pk', [appId, 'service'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of [
      'cc_service_defaults',
      'cc_service_config',
      'cc_timer_logs',
      'cc_timers',
      'cc_chains',
      'cc_handlers',
      'cc_services',
      'cc_deployments',
      'cc_files',
      'cc_models',
    ])
      await db.schema.dropTable(t).execute();
  },
};

/**
 * Codeless sources (decision 0051): services and their methods, the app's functions library, and
 * the logic of codeless handlers, timers and custom events. The stored source is Blockly's JSON
 * (`logic_json`); `xml` and `client_code` are kept as the console sent them and never run; `code`
 * is what the server generated from the logic. The deployed form lives in the tables above.
 */
const m0510: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const appId = 'app_id';
    await db.schema
      .createTable('cc_codeless_services')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('cc_codeless_services_name')
      .on('cc_codeless_services')
      .columns([appId, 'name'])
      .unique()
      .execute();

    await db.schema
      .createTable('cc_codeless_methods')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('service_id', 'varchar(64)', (c) =>
        c.notNull().references('cc_codeless_services.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('params_json', 'text', (c) => c.notNull())
      .addColumn('verb', 'varchar(10)')
      .addColumn('path', 'varchar(500)')
      .addColumn('returns', 'varchar(50)')
      .addColumn('logic_json', 'text')
      .addColumn('xml', 'text')
      .addColumn('client_code', 'text')
      .addColumn('code', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('cc_codeless_methods_name')
      .on('cc_codeless_methods')
      .columns(['service_id', 'name'])
      .unique()
      .execute();

    await db.schema
      .createTable('cc_codeless_functions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('definition_json', 'text', (c) => c.notNull())
      .addColumn('logic_json', 'text')
      .addColumn('xml', 'text')
      .addColumn('client_code', 'text')
      .addColumn('code', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cc_codeless_functions_app').on('cc_codeless_functions').columns([appId]).execute();

    // Handlers by (provider, event, target) and timers by name: their rows are replaced by each
    // deploy (new ids), their logic must survive it.
    await db.schema
      .createTable('cc_codeless_logic')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('item_key', 'varchar(500)', (c) => c.notNull())
      .addColumn('logic_json', 'text', (c) => c.notNull())
      .addColumn('xml', 'text')
      .addColumn('client_code', 'text')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cc_codeless_logic_pk', [appId, 'model', 'kind', 'item_key'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['cc_codeless_logic', 'cc_codeless_functions', 'cc_codeless_methods', 'cc_codeless_services'])
      await db.schema.dropTable(t).execute();
  },
};

/**
 * The MCP flag of a service version (`mcpApiServices`, decision 0053): whether MCP clients may call
 * it. A column of the service row, kept across deploys like its id.
 */
const m0501: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('cc_services')
      .addColumn('mcp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('cc_services').dropColumn('mcp_enabled').execute();
  },
};

export const cloudCodeMigrations: Record<string, Migration> = {
  '0500_cloudcode': m0500,
  '0501_cc_services_mcp': m0501,
  '0510_codeless': m0510,
};
