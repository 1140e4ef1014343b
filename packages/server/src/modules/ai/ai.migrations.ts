import type { Kysely, Migration } from 'kysely';

/**
 * AI assistance (decision 0076), in the system database beside the flows (range 0600–0699): the
 * console features' daily use per app, the flows' AI assistants, and knowledge bases with their
 * documents' passages. Every row belongs to an app and goes with it. Times epoch ms.
 */
const m0650: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('ai_usage')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('feature', 'varchar(64)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('requests', 'integer', (c) => c.notNull())
      .addColumn('prompt_tokens', 'bigint', (c) => c.notNull())
      .addColumn('completion_tokens', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ai_usage_pk', ['app_id', 'feature', 'day'])
      .execute();
    await db.schema
      .createTable('ai_assistants')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('model', 'varchar(100)', (c) => c.notNull())
      .addColumn('instructions', 'text', (c) => c.notNull())
      .addColumn('response_format', 'varchar(16)', (c) => c.notNull())
      .addColumn('temperature', 'double precision')
      .addColumn('top_p', 'double precision')
      .addColumn('knowledge_base_ids', 'text', (c) => c.notNull())
      .addColumn('open_ai_assistant_id', 'varchar(200)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ai_assistants_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('ai_knowledge_bases')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ai_knowledge_bases_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('ai_kb_files')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kb_id', 'varchar(64)', (c) => c.notNull().references('ai_knowledge_bases.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('passages', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ai_kb_files_kb').on('ai_kb_files').column('kb_id').execute();
    await db.schema
      .createTable('ai_kb_passages')
      .addColumn('file_id', 'varchar(64)', (c) => c.notNull().references('ai_kb_files.id').onDelete('cascade'))
      .addColumn('kb_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ai_kb_passages_pk', ['file_id', 'seq'])
      .execute();
    await db.schema.createIndex('ai_kb_passages_kb').on('ai_kb_passages').column('kb_id').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['ai_kb_passages', 'ai_kb_files', 'ai_knowledge_bases', 'ai_assistants', 'ai_usage'])
      await db.schema.dropTable(t).execute();
  },
};

export const aiMigrations: Record<string, Migration> = { '0650-ai': m0650 };
