import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { SystemDB } from '../../db/system-schema.js';
import { sha256 } from '../../http/secrets.js';
import type { RecoveryCodeTables } from './recovery-codes.migrations.js';

/** Codes a developer gets at once; each opens one session. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: the codes are read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten letters in two groups (`k7fq2-mxp9d`): about 49 bits each, and the sign-in allows few tries. */
function newCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What the developer typed, as it was hashed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

/** SQL of recovery codes; no HTTP errors here. */
export class RecoveryCodes {
  private readonly db: Kysely<SystemDB & RecoveryCodeTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & RecoveryCodeTables>;
  }

  /** Replaces every code of the developer with a fresh set and answers them (the only time they are readable). */
  async replace(developerId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('dev_recovery_codes').where('developer_id', '=', developerId).execute();
      await trx
        .insertInto('dev_recovery_codes')
        .values(
          codes.map((c) => ({
            developer_id: developerId,
            code_hash: sha256(normaliseRecoveryCode(c)),
            created: now,
            used: null,
          })),
        )
        .execute();
    });
    return codes;
  }

  async remove(developerId: string): Promise<void> {
    await this.db.deleteFrom('dev_recovery_codes').where('developer_id', '=', developerId).execute();
  }

  async countLeft(developerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('dev_recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('developer_id', '=', developerId)
      .where('used', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks a code used, atomically: false when it is unknown or already spent (two parallel uses: one wins). */
  async claim(developerId: string, input: string): Promise<boolean> {
    const res = await this.db
      .updateTable('dev_recovery_codes')
      .set({ used: Date.now() })
      .where('developer_id', '=', developerId)
      .where('code_hash', '=', sha256(normaliseRecoveryCode(input)))
      .where('used', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
