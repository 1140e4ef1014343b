import type { Kysely } from 'kysely';
import type { SystemDB } from '../../db/system-schema.js';

/** Messaging tables of the system database (see messaging.migrations.ts). Times are epoch ms. */
export interface MessagingTables {
  msg_channels: { id: string; app_id: string; name: string; settings: string; created: number; updated: number | null };
  msg_messages: { id: string; app_id: string; channel_id: string; status: string; body: string; published: number };
  msg_devices: {
    id: string;
    app_id: string;
    device_id: string;
    device_token: string;
    os: string;
    os_version: string | null;
    expiration: number | null;
    created: number;
    updated: number | null;
  };
  msg_device_channels: { device_row_id: string; app_id: string; channel_name: string };
  msg_templates: {
    app_id: string;
    kind: string;
    platform: string;
    name: string;
    body: string;
    created: number;
    updated: number | null;
  };
  msg_push_providers: { app_id: string; provider: string; config: string; updated: number; id: string | null };
  msg_push_outbox: {
    id: string;
    app_id: string;
    message_id: string;
    device_id: string;
    device_token: string;
    os: string;
    provider: string;
    status: string;
    error: string | null;
    payload: string;
    created: number;
    updated: number | null;
  };
}

export type MessagingDB = SystemDB & MessagingTables;
export type MessagingKysely = Kysely<MessagingDB>;
