import type { Kysely } from 'kysely';
import type { AiAssistant, KnowledgeBase, KnowledgeBaseFile } from '@basalt/shared';
import type { Databases } from '../../db/dialect.js';

interface UsageRow {
  app_id: string;
  feature: string;
  day: string;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
}

interface AssistantRow {
  id: string;
  app_id: string;
  name: string;
  model: string;
  instructions: string;
  response_format: string;
  temperature: number | null;
  top_p: number | null;
  knowledge_base_ids: string;
  open_ai_assistant_id: string | null;
  created: number;
  updated: number;
}

interface KbRow {
  id: string;
  app_id: string;
  name: string;
  description: string;
  created: number;
  updated: number;
}

interface KbFileRow {
  id: string;
  kb_id: string;
  name: string;
  size: number;
  content_type: string;
  passages: number;
  created: number;
}

interface PassageRow {
  file_id: string;
  kb_id: string;
  seq: number;
  text: string;
}

interface AiTables {
  ai_usage: UsageRow;
  ai_assistants: AssistantRow;
  ai_knowledge_bases: KbRow;
  ai_kb_files: KbFileRow;
  ai_kb_passages: PassageRow;
}

/** Passages written per statement (PostgreSQL and SQLite both cap bound values per statement). */
const PASSAGE_BATCH = 200;

/** A passage with the name of its document, as retrieval reads it. */
export interface StoredPassage {
  fileId: string;
  fileName: string;
  seq: number;
  text: string;
}

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function assistantOf(r: AssistantRow): AiAssistant {
  return {
    id: r.id,
    name: r.name,
    model: r.model,
    instructions: r.instructions,
    responseFormat: r.response_format as AiAssistant['responseFormat'],
    temperature: nullableNumber(r.temperature),
    topP: nullableNumber(r.top_p),
    knowledgeBaseIds: JSON.parse(r.knowledge_base_ids) as string[],
    openAiAssistantId: r.open_ai_assistant_id,
    created: Number(r.created),
    updated: Number(r.updated),
  };
}

function fileOf(r: KbFileRow): KnowledgeBaseFile {
  return {
    id: r.id,
    name: r.name,
    size: Number(r.size),
    contentType: r.content_type,
    passages: Number(r.passages),
    created: Number(r.created),
  };
}

/** AI assistance rows of the system database (decision 0076). */
export class AiRepo {
  private readonly db: Kysely<AiTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<AiTables>;
  }

  // ---- usage of the console features, per UTC day

  async usage(appId: string, feature: string, day: string) {
    const row = await this.db
      .selectFrom('ai_usage')
      .selectAll()
      .where('app_id', '=', appId)
      .where('feature', '=', feature)
      .where('day', '=', day)
      .executeTakeFirst();
    return {
      requests: Number(row?.requests ?? 0),
      promptTokens: Number(row?.prompt_tokens ?? 0),
      completionTokens: Number(row?.completion_tokens ?? 0),
    };
  }

  /**
   * Counts one request against the day's limit, in one statement so two concurrent requests cannot
   * both take the last one: true when it was counted, false when the limit was reached already.
   */
  async take(appId: string, feature: string, day: string, limit: number): Promise<boolean> {
    const taken = await this.db
      .insertInto('ai_usage')
      .values({ app_id: appId, feature, day, requests: 1, prompt_tokens: 0, completion_tokens: 0 })
      .onConflict((oc) =>
        oc
          .columns(['app_id', 'feature', 'day'])
          .doUpdateSet((eb) => ({ requests: eb('ai_usage.requests', '+', 1) }))
          .where('ai_usage.requests', '<', limit),
      )
      .executeTakeFirst();
    return Number(taken.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async addTokens(appId: string, feature: string, day: string, prompt: number, completion: number): Promise<void> {
    await this.db
      .updateTable('ai_usage')
      .set((eb) => ({
        prompt_tokens: eb('prompt_tokens', '+', prompt),
        completion_tokens: eb('completion_tokens', '+', completion),
      }))
      .where('app_id', '=', appId)
      .where('feature', '=', feature)
      .where('day', '=', day)
      .execute();
  }

  // ---- assistants

  async assistants(appId: string): Promise<AiAssistant[]> {
    const rows = await this.db
      .selectFrom('ai_assistants')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('name')
      .execute();
    return rows.map(assistantOf);
  }

  async assistant(appId: string, id: string): Promise<AiAssistant | undefined> {
    const row = await this.db
      .selectFrom('ai_assistants')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && assistantOf(row);
  }

  async assistantNamed(appId: string, name: string): Promise<AiAssistant | undefined> {
    const row = await this.db
      .selectFrom('ai_assistants')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row && assistantOf(row);
  }

  async saveAssistant(appId: string, a: AiAssistant, isNew: boolean): Promise<void> {
    const row = {
      name: a.name,
      model: a.model,
      instructions: a.instructions,
      response_format: a.responseFormat,
      temperature: a.temperature,
      top_p: a.topP,
      knowledge_base_ids: JSON.stringify(a.knowledgeBaseIds),
      open_ai_assistant_id: a.openAiAssistantId,
      updated: a.updated,
    };
    if (isNew)
      await this.db
        .insertInto('ai_assistants')
        .values({ ...row, id: a.id, app_id: appId, created: a.created })
        .execute();
    else
      await this.db.updateTable('ai_assistants').set(row).where('app_id', '=', appId).where('id', '=', a.id).execute();
  }

  async deleteAssistant(appId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('ai_assistants')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ---- knowledge bases

  async knowledgeBases(appId: string): Promise<KnowledgeBase[]> {
    const kbs = await this.db
      .selectFrom('ai_knowledge_bases')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('name')
      .execute();
    if (!kbs.length) return [];
    const files = await this.db
      .selectFrom('ai_kb_files')
      .selectAll()
      .where(
        'kb_id',
        'in',
        kbs.map((k) => k.id),
      )
      .orderBy('created')
      .orderBy('id')
      .execute();
    return kbs.map((k) => this.kbOf(k, files));
  }

  async knowledgeBase(appId: string, id: string): Promise<KnowledgeBase | undefined> {
    const kb = await this.db
      .selectFrom('ai_knowledge_bases')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!kb) return undefined;
    const files = await this.db
      .selectFrom('ai_kb_files')
      .selectAll()
      .where('kb_id', '=', id)
      .orderBy('created')
      .orderBy('id')
      .execute();
    return this.kbOf(kb, files);
  }

  private kbOf(k: KbRow, files: KbFileRow[]): KnowledgeBase {
    return {
      id: k.id,
      name: k.name,
      description: k.description,
      files: files.filter((f) => f.kb_id === k.id).map(fileOf),
      created: Number(k.created),
      updated: Number(k.updated),
    };
  }

  async kbNameTaken(appId: string, name: string, exceptId?: string): Promise<boolean> {
    let q = this.db.selectFrom('ai_knowledge_bases').select('id').where('app_id', '=', appId).where('name', '=', name);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  async insertKnowledgeBase(appId: string, kb: { id: string; name: string; description: string; at: number }) {
    await this.db
      .insertInto('ai_knowledge_bases')
      .values({ id: kb.id, app_id: appId, name: kb.name, description: kb.description, created: kb.at, updated: kb.at })
      .execute();
  }

  async updateKnowledgeBase(appId: string, id: string, name: string, description: string, at: number) {
    await this.db
      .updateTable('ai_knowledge_bases')
      .set({ name, description, updated: at })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  async touchKnowledgeBase(id: string, at: number) {
    await this.db.updateTable('ai_knowledge_bases').set({ updated: at }).where('id', '=', id).execute();
  }

  async deleteKnowledgeBase(appId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('ai_knowledge_bases')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Counts of a knowledge base's documents and passages, to keep it within its limits. */
  async kbSize(kbId: string): Promise<{ files: number; passages: number }> {
    const row = await this.db
      .selectFrom('ai_kb_files')
      .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('passages').as('passages')])
      .where('kb_id', '=', kbId)
      .executeTakeFirst();
    return { files: Number(row?.files ?? 0), passages: Number(row?.passages ?? 0) };
  }

  /** A document and its passages, in one transaction: retrieval never sees half a document. */
  async insertFile(file: KbFileRow, passages: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('ai_kb_files').values(file).execute();
      for (let i = 0; i < passages.length; i += PASSAGE_BATCH)
        await trx
          .insertInto('ai_kb_passages')
          .values(
            passages
              .slice(i, i + PASSAGE_BATCH)
              .map((text, k) => ({ file_id: file.id, kb_id: file.kb_id, seq: i + k, text })),
          )
          .execute();
    });
  }

  async deleteFile(kbId: string, fileId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('ai_kb_files')
      .where('kb_id', '=', kbId)
      .where('id', '=', fileId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Every passage of these knowledge bases of the app (ids of other apps' bases find nothing). */
  async passages(appId: string, kbIds: string[]): Promise<StoredPassage[]> {
    if (!kbIds.length) return [];
    const rows = await this.db
      .selectFrom('ai_kb_passages as p')
      .innerJoin('ai_kb_files as f', 'f.id', 'p.file_id')
      .innerJoin('ai_knowledge_bases as k', 'k.id', 'p.kb_id')
      .select(['p.file_id', 'f.name', 'p.seq', 'p.text'])
      .where('k.app_id', '=', appId)
      .where('p.kb_id', 'in', kbIds)
      .orderBy('p.file_id')
      .orderBy('p.seq')
      .execute();
    return rows.map((r) => ({ fileId: r.file_id, fileName: r.name, seq: Number(r.seq), text: r.text }));
  }
}
