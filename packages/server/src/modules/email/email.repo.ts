import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { SystemDB } from '../../db/system-schema.js';

export interface OutboxRow {
  id: string;
  app_id: string;
  recipient: string;
  subject: string;
  /** JSON of the mail (attachments as base64). */
  mail: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  error: string | null;
  next_attempt: number | null;
  claimed_until: number | null;
  created: number;
  sent: number | null;
}

interface EmailTables {
  email_settings: { app_id: string; config: string; updated: number };
  email_event_templates: { app_id: string; event_id: string; subject: string; body: string; updated: number };
  email_templates: {
    app_id: string;
    name: string;
    subject: string;
    body: string;
    attachments: string;
    created: number;
    updated: number;
  };
  email_outbox: OutboxRow;
}

export type TemplateRow = EmailTables['email_templates'];

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function outboxOf(r: OutboxRow): OutboxRow {
  return {
    ...r,
    attempts: Number(r.attempts),
    next_attempt: n(r.next_attempt),
    claimed_until: n(r.claimed_until),
    created: Number(r.created),
    sent: n(r.sent),
  };
}

/** The email tables of the system database (PostgreSQL answers bigints as text: read through numbers). */
export class EmailRepo {
  private readonly db: Kysely<SystemDB & EmailTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & EmailTables>;
  }

  async settings(appId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('email_settings')
      .select('config')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return row?.config;
  }

  async saveSettings(appId: string, config: string): Promise<void> {
    const updated = Date.now();
    await this.db
      .insertInto('email_settings')
      .values({ app_id: appId, config, updated })
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ config, updated }))
      .execute();
  }

  async deleteSettings(appId: string): Promise<void> {
    await this.db.deleteFrom('email_settings').where('app_id', '=', appId).execute();
  }

  eventTemplates(appId: string) {
    return this.db.selectFrom('email_event_templates').selectAll().where('app_id', '=', appId).execute();
  }

  eventTemplate(appId: string, eventId: string) {
    return this.db
      .selectFrom('email_event_templates')
      .selectAll()
      .where('app_id', '=', appId)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
  }

  async saveEventTemplate(appId: string, eventId: string, subject: string, body: string): Promise<void> {
    const updated = Date.now();
    await this.db
      .insertInto('email_event_templates')
      .values({ app_id: appId, event_id: eventId, subject, body, updated })
      .onConflict((oc) => oc.columns(['app_id', 'event_id']).doUpdateSet({ subject, body, updated }))
      .execute();
  }

  async deleteEventTemplate(appId: string, eventId: string): Promise<void> {
    await this.db
      .deleteFrom('email_event_templates')
      .where('app_id', '=', appId)
      .where('event_id', '=', eventId)
      .execute();
  }

  templates(appId: string): Promise<TemplateRow[]> {
    return this.db.selectFrom('email_templates').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  template(appId: string, name: string): Promise<TemplateRow | undefined> {
    return this.db
      .selectFrom('email_templates')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertTemplate(row: TemplateRow): Promise<void> {
    await this.db.insertInto('email_templates').values(row).execute();
  }

  /** Replaces a template, possibly renaming it; false when `name` does not exist. */
  async updateTemplate(appId: string, name: string, row: Omit<TemplateRow, 'app_id' | 'created'>): Promise<boolean> {
    const res = await this.db
      .updateTable('email_templates')
      .set(row)
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async deleteTemplate(appId: string, name: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('email_templates')
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async addOutbox(row: OutboxRow): Promise<void> {
    await this.db.insertInto('email_outbox').values(row).execute();
  }

  async outboxItem(id: string): Promise<OutboxRow | undefined> {
    const row = await this.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? outboxOf(row) : undefined;
  }

  async outbox(appId: string, limit = 200): Promise<OutboxRow[]> {
    const rows = await this.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created', 'desc')
      .limit(limit)
      .execute();
    return rows.map(outboxOf);
  }

  /**
   * Takes a pending mail for one delivery attempt: only one process wins the update, and a claim
   * left by a process that died runs out after `leaseMs`.
   */
  async claim(id: string, now: number, leaseMs: number): Promise<boolean> {
    const res = await this.db
      .updateTable('email_outbox')
      .set({ claimed_until: now + leaseMs })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Pending mails whose next attempt is older than `staleBefore` and that nobody holds: their job was lost. */
  async stalePending(staleBefore: number, now: number, limit = 100): Promise<Array<{ id: string; app_id: string }>> {
    return this.db
      .selectFrom('email_outbox')
      .select(['id', 'app_id'])
      .where('status', '=', 'PENDING')
      .where('next_attempt', '<', staleBefore)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .limit(limit)
      .execute();
  }

  /** An app's name, for the `{app_name}` of system mails. */
  async appName(appId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('apps').select('name').where('id', '=', appId).executeTakeFirst();
    return row?.name;
  }

  async appOutboxItem(appId: string, id: string): Promise<OutboxRow | undefined> {
    const row = await this.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? outboxOf(row) : undefined;
  }

  /** Makes a failed mail pending again for one attempt now (nobody holds a failed mail). */
  async revive(id: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('email_outbox')
      .set({ status: 'PENDING', next_attempt: now, claimed_until: null })
      .where('id', '=', id)
      .where('status', '=', 'FAILED')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Deletes a mail only while it is FAILED (a mail revived meanwhile stays). */
  async discardFailed(appId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('email_outbox')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('status', '=', 'FAILED')
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async settle(id: string, set: Partial<OutboxRow>): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set({ ...set, claimed_until: null })
      .where('id', '=', id)
      .execute();
  }
}
