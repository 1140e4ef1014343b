import type { DeveloperProfile, DeveloperProfileInput } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { isDbFailure } from '../../db/db-errors.js';
import { countryCode } from './countries.js';
import type { CommunityRepo } from './community.repo.js';
import type { ProfileRow } from './db.js';
import { checkedImage } from './images.js';

const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$/;
const RESERVED = new Set([
  'admin',
  'administrator',
  'basalt',
  'deleted',
  'moderator',
  'operator',
  'root',
  'system',
  'support',
]);

function profileOf(r: ProfileRow): DeveloperProfile {
  return {
    developerId: r.developer_id,
    userName: r.user_name,
    displayName: r.display_name,
    country: r.country,
    bio: r.bio,
    website: r.website,
    profilePhoto: r.photo,
    background: r.background,
    apps: JSON.parse(r.apps) as string[],
    created: Number(r.created),
    updated: Number(r.updated),
  };
}

/** Why a user name cannot be taken, or null when its form is fine. */
function userNameProblem(name: string): string | null {
  if (!USER_NAME.test(name))
    return 'A user name has 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit';
  if (RESERVED.has(name.toLowerCase())) return `'${name}' is reserved`;
  return null;
}

/**
 * Developer profiles (decision 0083). A create and an update both merge what they receive, because
 * the reference client sends photo and background uploads to the create route with nothing else:
 * replacing would wipe the profile. User names are unique ignoring case (a unique key column).
 */
export class ProfileService {
  constructor(private readonly repo: CommunityRepo) {}

  async get(developerId: string): Promise<DeveloperProfile | null> {
    const row = await this.repo.profile(developerId);
    return row ? profileOf(row) : null;
  }

  async check(developerId: string, userName: string) {
    const problem = userNameProblem(userName);
    if (problem) return { userName, available: false, reason: problem };
    const owner = await this.repo.userNameOwner(userName.toLowerCase());
    const taken = !!owner && owner !== developerId;
    return { userName, available: !taken, reason: taken ? `'${userName}' is taken` : null };
  }

  async save(developerId: string, input: DeveloperProfileInput): Promise<DeveloperProfile> {
    const current = await this.repo.profile(developerId);
    const next: Partial<ProfileRow> = {};
    if (input.userName !== undefined) {
      const problem = userNameProblem(input.userName);
      if (problem) throw ApiError.field('VALIDATION', 'userName', problem);
      next.user_name = input.userName;
      next.user_name_key = input.userName.toLowerCase();
    }
    if (input.displayName !== undefined) next.display_name = input.displayName.trim();
    if (input.country !== undefined) {
      const code = input.country === null || input.country === '' ? null : countryCode(input.country);
      if (code === undefined)
        throw ApiError.field('VALIDATION', 'country', `'${input.country}' is not an ISO 3166-1 country code`);
      next.country = code;
    }
    if (input.bio !== undefined) next.bio = input.bio;
    if (input.website !== undefined) {
      if (input.website && !/^https?:\/\/[^\s]+$/i.test(input.website))
        throw ApiError.field('VALIDATION', 'website', 'A website is an http(s) address');
      next.website = input.website;
    }
    if (input.profilePhoto !== undefined)
      next.photo = input.profilePhoto ? checkedImage('profilePhoto', input.profilePhoto) : null;
    if (input.background !== undefined)
      next.background = input.background ? checkedImage('background', input.background) : null;
    if (input.apps !== undefined) next.apps = JSON.stringify(await this.ownApps(developerId, input.apps));

    const now = Date.now();
    try {
      if (current) {
        await this.repo.updateProfile(developerId, { ...next, updated: now });
      } else {
        if (!next.user_name) throw ApiError.field('VALIDATION', 'userName', 'Choose a user name for the profile first');
        await this.repo.insertProfile({
          developer_id: developerId,
          user_name: next.user_name,
          user_name_key: next.user_name_key!,
          display_name: next.display_name ?? '',
          country: next.country ?? null,
          bio: next.bio ?? '',
          website: next.website ?? '',
          photo: next.photo ?? null,
          background: next.background ?? null,
          apps: next.apps ?? '[]',
          last_active: now,
          created: now,
          updated: now,
        });
      }
    } catch (err) {
      if (isDbFailure(err, 'unique')) throw ApiError.field('CONFLICT', 'userName', `'${input.userName}' is taken`);
      throw err;
    }
    return (await this.get(developerId))!;
  }

  /** Apps shown on a profile must be the developer's own. */
  private async ownApps(developerId: string, appIds: string[]): Promise<string[]> {
    const unique = [...new Set(appIds)];
    if (!unique.length) return [];
    const mine = await this.repo.ownAppIds(developerId, unique);
    const other = unique.find((id) => !mine.has(id));
    if (other) throw ApiError.notFound(`App '${other}' not found among your apps`);
    return unique;
  }

  async removeApp(developerId: string, appId: string): Promise<DeveloperProfile> {
    const profile = await this.get(developerId);
    if (!profile) throw ApiError.notFound('You have no community profile');
    if (!profile.apps.includes(appId)) throw ApiError.notFound(`App '${appId}' is not on your profile`);
    await this.repo.updateProfile(developerId, {
      apps: JSON.stringify(profile.apps.filter((a) => a !== appId)),
      updated: Date.now(),
    });
    return (await this.get(developerId))!;
  }

  /**
   * Removes the profile. Comments and reviews stay where they are, signed by a deleted user (their
   * author is cleared), so threads keep their shape; the developer's likes go with the profile.
   */
  async remove(developerId: string): Promise<void> {
    await this.repo.removeProfile(developerId);
  }

  async active(developerId: string): Promise<void> {
    await this.repo.updateProfile(developerId, { last_active: Date.now() });
  }
}
