/**
 * Types of the system database (developers, sessions, apps ...). Timestamps are epoch
 * milliseconds; flags are 0/1 integers so both databases read them the same way.
 */
export interface DevelopersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_confirmed: number;
  totp_secret: string | null;
  totp_enabled: number;
  totp_pending_secret: string | null;
  /** Time step of the last accepted code (replay guard); null before the first. */
  totp_last_step: number | null;
  created: number;
  updated: number;
}

export interface DevSessionsTable {
  /** sha256 of the auth key: the key itself is never stored. */
  key_hash: string;
  developer_id: string;
  created: number;
  last_used: number;
}

export interface OtpSessionsTable {
  id_hash: string;
  developer_id: string;
  created: number;
  expires: number;
  attempts: number;
}

export interface DevTokensTable {
  token_hash: string;
  developer_id: string;
  kind: 'restore' | 'confirm' | 'team-invite';
  created: number;
  expires: number;
}

export interface AppsTable {
  id: string;
  name: string;
  owner_id: string;
  zone: string;
  info: string;
  logo: string | null;
  dev_options: string;
  created: number;
  updated: number;
}

export interface ApiKeysTable {
  id: string;
  app_id: string;
  /** ANDROID … BL for the system keys, CUSTOM for keys the developer made. */
  device_type: string;
  api_key: string;
  created: number;
  /** Custom keys: the name given and the role (sec_roles id) their calls get. */
  name: string | null;
  role_id: string | null;
  updated: number | null;
}

export interface AppMembersTable {
  app_id: string;
  developer_id: string;
  /** JSON `[{operation, access}]` */
  permissions: string;
  /** JSON array of permission group ids */
  groups: string;
  created: number;
}

export interface SystemDB {
  developers: DevelopersTable;
  dev_sessions: DevSessionsTable;
  otp_sessions: OtpSessionsTable;
  dev_tokens: DevTokensTable;
  apps: AppsTable;
  api_keys: ApiKeysTable;
  app_members: AppMembersTable;
}
