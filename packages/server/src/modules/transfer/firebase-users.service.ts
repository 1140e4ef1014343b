import type { FirebaseImportBody, FirebaseImportResult, FirebaseUser } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { SecretBox } from '../../http/secret-box.js';
import { sealFirebasePassword } from '../accounts/index.js';
import type { TableMeta } from '../data/index.js';
import { hashProblem, readHashConfig, usersOf, type HashConfig } from './firebase-config.js';
import { FirebaseUsersRepo } from './firebase-users.repo.js';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
/** Users created per transaction. */
const BATCH = 500;

type Skipped = FirebaseImportResult['skipped'][number];

/**
 * Creates app users from Firebase Auth's users export (decision 0061). Each user is identified by
 * email; its Firebase scrypt hash is kept sealed in the `password` column and checked at the
 * user's first login, which replaces it with Basalt's own hash (AppUsers.passwordMatches).
 */
export class FirebaseUsersImport {
  private readonly repo: FirebaseUsersRepo;
  private readonly box: SecretBox;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new FirebaseUsersRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  async run(appId: string, body: FirebaseImportBody): Promise<FirebaseImportResult> {
    const cfg = readHashConfig(body.hashConfig);
    const users = usersOf(body);
    const data = this.ctx.data;
    if (!data) throw ApiError.unavailable('The data service is not running');
    const table = (await data.schema(appId)).table('Users');
    const emailColumn = table?.columns.find((c) => c.name === 'email');
    const passwordColumn = table?.columns.find((c) => c.name === 'password');
    if (!table || !emailColumn || !passwordColumn)
      throw ApiError.conflict("The app's Users table has no 'email' and 'password' columns");

    const skipped: Skipped[] = [];
    const skip = (u: FirebaseUser, reason: string) =>
      skipped.push({ localId: String(u.localId ?? ''), ...(u.email ? { email: u.email } : {}), reason });
    const emails = users.map((u) => (typeof u.email === 'string' ? u.email.trim().toLowerCase() : ''));
    const taken = await this.repo.taken(
      appId,
      table.sqlName,
      emailColumn.sqlName,
      emails.filter((e) => EMAIL.test(e)),
    );
    const accepted: Array<{ user: FirebaseUser; email: string }> = [];
    users.forEach((user, i) => {
      const email = emails[i];
      const problem = !email
        ? 'no email: Basalt identifies these users by email'
        : !EMAIL.test(email)
          ? 'the email is not a valid address'
          : taken.has(email)
            ? 'a user with this email exists already'
            : hashProblem(user, cfg);
      if (problem) return skip(user, problem);
      taken.add(email);
      accepted.push({ user, email });
    });

    let imported = 0;
    for (let i = 0; i < accepted.length; i += BATCH) {
      const batch = accepted.slice(i, i + BATCH);
      await data.records.bulkCreate(
        appId,
        'Users',
        batch.map((a) => this.record(table, a.user, a.email)),
        (trx, ids) =>
          this.repo.setHashes(
            trx,
            table.sqlName,
            passwordColumn.sqlName,
            batch.flatMap((a, j) =>
              a.user.passwordHash ? [[ids[j], this.sealed(a.user, cfg)] as [string, string]] : [],
            ),
          ),
      );
      imported += batch.length;
    }
    const withoutPassword = accepted.filter((a) => !a.user.passwordHash).length;
    return { imported, withoutPassword, skipped };
  }

  /** The user's record: email, and the export's name, phone, confirmation and status where the table has them. */
  private record(table: TableMeta, u: FirebaseUser, email: string): Record<string, unknown> {
    const has = (name: string) => table.columns.some((c) => c.name === name);
    const out: Record<string, unknown> = { email };
    if (u.displayName && has('name')) out.name = u.displayName;
    if (u.phoneNumber && has('phoneNumber')) out.phoneNumber = u.phoneNumber;
    if (u.emailVerified !== undefined && has('isEmailConfirmed')) out.isEmailConfirmed = u.emailVerified;
    if (u.disabled && has('userStatus')) out.userStatus = 'DISABLED';
    return out;
  }

  private sealed(u: FirebaseUser, cfg: HashConfig): string {
    return sealFirebasePassword(this.box, {
      hash: u.passwordHash!,
      salt: u.salt!,
      signerKey: cfg.text.signerKey,
      saltSeparator: cfg.text.saltSeparator,
      rounds: cfg.params.rounds,
      memCost: cfg.params.memCost,
    });
  }
}
