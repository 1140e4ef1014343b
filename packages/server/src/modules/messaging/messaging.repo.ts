import type { Databases } from '../../db/dialect.js';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Condition } from '../../realtime/index.js';
import { deviceCondition } from './device-where.js';
import type { MessagingKysely, MessagingTables } from './messaging.schema.js';

export type ChannelRow = MessagingTables['msg_channels'];
export type MessageRow = MessagingTables['msg_messages'];
export type DeviceRow = MessagingTables['msg_devices'];
export type TemplateRow = MessagingTables['msg_templates'];
export type OutboxRow = MessagingTables['msg_push_outbox'];

/** Which devices a query is about: a channel's, those matching a where, given platforms, given ids. */
export interface DeviceFilter {
  channel?: string;
  where?: Condition;
  platforms?: string[];
  deviceIds?: string[];
  /** Leave out registrations whose expiration has passed (push recipients). */
  activeAt?: number;
}

/** SQL of the messaging area; every value is a bound parameter. */
export class MessagingRepo {
  private readonly db: MessagingKysely;

  constructor(private readonly dbs: Databases) {
    // Messaging tables live in the system database; they are typed here, not in the shared schema.
    this.db = dbs.system as unknown as MessagingKysely;
  }

  // Channels

  listChannels(appId: string) {
    return this.db
      .selectFrom('msg_channels')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created')
      .orderBy('name')
      .execute();
  }
  channelById(appId: string, id: string) {
    return this.db
      .selectFrom('msg_channels')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
  channelByName(appId: string, name: string) {
    return this.db
      .selectFrom('msg_channels')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }
  /** Inserts a channel unless the app has one of that name already; answers whether it did. */
  async insertChannelIfAbsent(row: ChannelRow): Promise<boolean> {
    const result = await this.db
      .insertInto('msg_channels')
      .values(row)
      .onConflict((oc) => oc.columns(['app_id', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  async updateChannel(
    appId: string,
    id: string,
    set: Partial<Pick<ChannelRow, 'name' | 'settings' | 'updated'>>,
  ): Promise<void> {
    await this.db.updateTable('msg_channels').set(set).where('app_id', '=', appId).where('id', '=', id).execute();
  }
  async renameDeviceChannel(appId: string, from: string, to: string): Promise<void> {
    await this.db
      .updateTable('msg_device_channels')
      .set({ channel_name: to })
      .where('app_id', '=', appId)
      .where('channel_name', '=', from)
      .execute();
  }
  async deleteChannel(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('msg_channels').where('app_id', '=', appId).where('id', '=', id).execute();
  }

  // Messages

  async insertMessage(row: MessageRow): Promise<void> {
    await this.db.insertInto('msg_messages').values(row).execute();
  }
  listMessages(channelId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('msg_messages')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('published', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }
  async countMessages(channelId: string): Promise<number> {
    const row = await this.db
      .selectFrom('msg_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  messageById(appId: string, id: string) {
    return this.db
      .selectFrom('msg_messages')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
  /** Keeps the newest `keep` messages of a channel (the history is a window, not an archive). */
  async pruneMessages(channelId: string, keep: number): Promise<void> {
    const edge = await this.db
      .selectFrom('msg_messages')
      .select('published')
      .where('channel_id', '=', channelId)
      .orderBy('published', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (edge)
      await this.db
        .deleteFrom('msg_messages')
        .where('channel_id', '=', channelId)
        .where('published', '<=', edge.published)
        .execute();
  }

  // Devices

  deviceByDeviceId(appId: string, deviceId: string) {
    return this.db
      .selectFrom('msg_devices')
      .selectAll()
      .where('app_id', '=', appId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }
  /** Inserts or replaces a registration and its channel list in one transaction. */
  async saveDevice(row: DeviceRow, channels: string[]): Promise<DeviceRow> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('msg_devices')
        .selectAll()
        .where('app_id', '=', row.app_id)
        .where('device_id', '=', row.device_id)
        .executeTakeFirst();
      let saved: DeviceRow;
      if (existing) {
        saved = { ...row, id: existing.id, created: existing.created };
        await trx
          .updateTable('msg_devices')
          .set({
            device_token: row.device_token,
            os: row.os,
            os_version: row.os_version,
            expiration: row.expiration,
            updated: row.created,
          })
          .where('id', '=', existing.id)
          .execute();
        saved.updated = row.created;
        await trx.deleteFrom('msg_device_channels').where('device_row_id', '=', existing.id).execute();
      } else {
        saved = row;
        await trx.insertInto('msg_devices').values(row).execute();
      }
      if (channels.length) {
        await trx
          .insertInto('msg_device_channels')
          .values(channels.map((channel_name) => ({ device_row_id: saved.id, app_id: row.app_id, channel_name })))
          .execute();
      }
      return saved;
    });
  }
  async channelsOf(deviceRowIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!deviceRowIds.length) return out;
    const rows = await this.db
      .selectFrom('msg_device_channels')
      .select(['device_row_id', 'channel_name'])
      .where('device_row_id', 'in', deviceRowIds)
      .orderBy('channel_name')
      .execute();
    for (const r of rows) out.set(r.device_row_id, [...(out.get(r.device_row_id) ?? []), r.channel_name]);
    return out;
  }
  async deleteDevice(appId: string, deviceId: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('msg_devices')
      .where('app_id', '=', appId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  private devicesQuery(appId: string, filter: DeviceFilter) {
    let q = this.db.selectFrom('msg_devices').where('msg_devices.app_id', '=', appId);
    if (filter.channel !== undefined) {
      const channel = filter.channel;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('msg_device_channels as dc')
            .select('dc.channel_name')
            .whereRef('dc.device_row_id', '=', 'msg_devices.id')
            .where('dc.channel_name', '=', channel),
        ),
      );
    }
    if (filter.platforms?.length) q = q.where('msg_devices.os', 'in', filter.platforms);
    if (filter.deviceIds)
      q = filter.deviceIds.length
        ? q.where('msg_devices.device_id', 'in', filter.deviceIds)
        : q.where((eb) => eb.lit(false));
    if (filter.activeAt !== undefined) {
      const now = filter.activeAt;
      q = q.where((eb) => eb.or([eb('msg_devices.expiration', 'is', null), eb('msg_devices.expiration', '>', now)]));
    }
    if (filter.where) {
      const where = filter.where;
      q = q.where((eb) =>
        deviceCondition(
          eb,
          where,
          (value, pattern) => this.dbs.likeInsensitive(value, sql.val(pattern)) as Expression<SqlBool>,
        ),
      );
    }
    return q;
  }
  listDevices(appId: string, filter: DeviceFilter, offset: number, limit: number) {
    return this.devicesQuery(appId, filter)
      .selectAll('msg_devices')
      .orderBy('msg_devices.created', 'desc')
      .orderBy('msg_devices.id')
      .offset(offset)
      .limit(limit)
      .execute();
  }
  async countDevices(appId: string, filter: DeviceFilter): Promise<number> {
    const row = await this.devicesQuery(appId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  /** Takes devices (by registration id or device id) off a channel; drops those left on none. */
  async removeFromChannel(appId: string, channel: string, ids: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const devices = await trx
        .selectFrom('msg_devices')
        .select('id')
        .where('app_id', '=', appId)
        .where((eb) => eb.or([eb('id', 'in', ids), eb('device_id', 'in', ids)]))
        .execute();
      const rowIds = devices.map((d) => d.id);
      if (!rowIds.length) return 0;
      const res = await trx
        .deleteFrom('msg_device_channels')
        .where('device_row_id', 'in', rowIds)
        .where('channel_name', '=', channel)
        .executeTakeFirst();
      await trx
        .deleteFrom('msg_devices')
        .where('id', 'in', rowIds)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('msg_device_channels as dc')
                .select('dc.channel_name')
                .whereRef('dc.device_row_id', '=', 'msg_devices.id'),
            ),
          ),
        )
        .execute();
      return Number(res.numDeletedRows);
    });
  }

  // Templates

  listTemplates(appId: string, kind: string, platform: string) {
    return this.db
      .selectFrom('msg_templates')
      .selectAll()
      .where('app_id', '=', appId)
      .where('kind', '=', kind)
      .where('platform', '=', platform)
      .orderBy('name')
      .execute();
  }
  template(appId: string, kind: string, platform: string, name: string) {
    return this.db
      .selectFrom('msg_templates')
      .selectAll()
      .where('app_id', '=', appId)
      .where('kind', '=', kind)
      .where('platform', '=', platform)
      .where('name', '=', name)
      .executeTakeFirst();
  }
  async insertTemplate(row: TemplateRow): Promise<void> {
    await this.db.insertInto('msg_templates').values(row).execute();
  }
  async updateTemplate(
    appId: string,
    kind: string,
    platform: string,
    name: string,
    set: Pick<TemplateRow, 'name' | 'body' | 'updated'>,
  ): Promise<void> {
    await this.db
      .updateTable('msg_templates')
      .set(set)
      .where('app_id', '=', appId)
      .where('kind', '=', kind)
      .where('platform', '=', platform)
      .where('name', '=', name)
      .execute();
  }
  async deleteTemplates(appId: string, kind: string, platform: string, names: string[]): Promise<number> {
    const res = await this.db
      .deleteFrom('msg_templates')
      .where('app_id', '=', appId)
      .where('kind', '=', kind)
      .where('platform', '=', platform)
      .where('name', 'in', names)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  // Push providers and outbox

  providerConfigs(appId: string) {
    return this.db.selectFrom('msg_push_providers').selectAll().where('app_id', '=', appId).execute();
  }
  providerConfig(appId: string, provider: string) {
    return this.db
      .selectFrom('msg_push_providers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('provider', '=', provider)
      .executeTakeFirst();
  }
  async saveProviderConfig(appId: string, provider: string, config: string, now: number, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('msg_push_providers').where('app_id', '=', appId).where('provider', '=', provider).execute();
      await trx
        .insertInto('msg_push_providers')
        .values({ app_id: appId, provider, config, updated: now, id })
        .execute();
    });
  }
  async deleteProviderConfig(appId: string, provider: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('msg_push_providers')
      .where('app_id', '=', appId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
  async insertOutbox(rows: OutboxRow[]): Promise<void> {
    // Chunked: one statement per 200 rows stays under both databases' parameter limits.
    for (let i = 0; i < rows.length; i += 200)
      await this.db
        .insertInto('msg_push_outbox')
        .values(rows.slice(i, i + 200))
        .execute();
  }
  async updateOutbox(id: string, set: Pick<OutboxRow, 'status' | 'error' | 'updated'>): Promise<void> {
    await this.db.updateTable('msg_push_outbox').set(set).where('id', '=', id).execute();
  }
  outboxById(appId: string, id: string) {
    return this.db
      .selectFrom('msg_push_outbox')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
  /** Oldest deliveries of a provider in one status (a retry batch). */
  outboxByStatus(appId: string, provider: string, status: string, limit: number) {
    return this.db
      .selectFrom('msg_push_outbox')
      .selectAll()
      .where('app_id', '=', appId)
      .where('provider', '=', provider)
      .where('status', '=', status)
      .orderBy('created')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
  /**
   * Moves one delivery from `from` to `pending` only if it is still in `from`: of two processes
   * retrying the same row, exactly one gets it (and sends it).
   */
  async claimOutbox(id: string, from: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('msg_push_outbox')
      .set({ status: 'pending', error: null, updated: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
  private outboxQuery(appId: string, status?: string) {
    let q = this.db.selectFrom('msg_push_outbox').where('app_id', '=', appId);
    if (status) q = q.where('status', '=', status);
    return q;
  }
  listOutbox(appId: string, status: string | undefined, offset: number, limit: number) {
    return this.outboxQuery(appId, status)
      .selectAll()
      .orderBy('created', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
  }
  async countOutbox(appId: string, status?: string): Promise<number> {
    const row = await this.outboxQuery(appId, status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
