import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ProfileRow {
  developer_id: string;
  user_name: string;
  user_name_key: string;
  display_name: string;
  country: string | null;
  bio: string;
  website: string;
  photo: string | null;
  background: string | null;
  apps: string;
  last_active: number | null;
  created: number;
  updated: number;
}
export interface CommentRow {
  id: string;
  context: string;
  item_id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  html: string;
  hidden: number;
  deleted: number;
  created: number;
  updated: number;
}
export interface ReviewRow {
  id: string;
  context: string;
  item_id: string;
  author_id: string | null;
  rating: number;
  body: string;
  html: string;
  verified: number;
  created: number;
  updated: number;
}
export interface InviteRow {
  id: string;
  inviter_id: string;
  email: string;
  registered_id: string | null;
  registered_at: number | null;
  created: number;
  expires: number;
}

/** The community tables of the system database, and the platform tables they read. */
export interface CommunityTables {
  cm_profiles: ProfileRow;
  cm_comments: CommentRow;
  cm_reviews: ReviewRow;
  cm_votes: { type: string; item_id: string; developer_id: string; created: number };
  cm_blacklist: { developer_id: string; reason: string; until: number | null; created: number };
  cm_invite_codes: { developer_id: string; code: string };
  cm_invites: InviteRow;
  cm_questionnaire: { developer_id: string; answers: string; created: number };
  apps: { id: string; owner_id: string };
  developers: { id: string; email: string };
}

export type CommunityDb = Kysely<CommunityTables>;

export function communityDb(dbs: Databases): CommunityDb {
  return dbs.system as unknown as CommunityDb;
}
