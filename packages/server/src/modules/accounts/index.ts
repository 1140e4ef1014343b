import type { ServerModule } from '../module.js';
import { AccountsService } from './accounts.service.js';
import { registerAccountRoutes } from './accounts.routes.js';
import { recoveryCodeMigrations } from './recovery-codes.migrations.js';

export { verifyTotp, totp } from './totp.js';
/** argon2id hashing, shared with app users' passwords (modules/appapi). */
export { hashPassword, verifyPassword, dummyHash } from './passwords.js';
/** Firebase scrypt and password hashes imported from other services (decision 0061). */
export { firebaseScrypt, fromBase64, verifyFirebaseScrypt, type FirebaseScryptParams } from './firebase-scrypt.js';
export {
  isImportedPassword,
  sealFirebasePassword,
  verifyImportedPassword,
  type FirebaseStored,
} from './imported-password.js';

/** Developer accounts: registration, sign-in (with TOTP two-factor), profile, password restore. */
export const accountsModule: ServerModule = {
  name: 'accounts',
  systemMigrations: recoveryCodeMigrations,
  register(app, ctx) {
    registerAccountRoutes(app, ctx, new AccountsService(ctx));
  },
};
