import type { Kysely } from 'kysely';

/** The one column of messaging's channel table that security reads (rules name a channel by id or by name). */
type ChannelsDB = { msg_channels: { id: string; app_id: string; name: string } };

/** Channel ids by name, so a channel's rules kept under its id (console) apply to a call naming it. */
export class ChannelItemsRepo {
  private readonly db: Kysely<ChannelsDB>;

  constructor(system: Kysely<any>) {
    this.db = system as Kysely<ChannelsDB>;
  }

  /** The id of the app's channel of that name; undefined when there is none (yet). */
  async idOf(appId: string, name: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('msg_channels')
      .select('id')
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.id;
  }
}
