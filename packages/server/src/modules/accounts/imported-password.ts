import type { SecretBox } from '../../http/secret-box.js';
import { fromBase64, verifyFirebaseScrypt } from './firebase-scrypt.js';

/**
 * A password hash brought from another service, kept in the Users `password` column until the
 * user's first login (decision 0061). The column holds this prefix (the marker) and the hash
 * with its parameters sealed with the server key, so it is opaque to anyone reading the store.
 */
const PREFIX = 'imported:firebase-scrypt:';

export interface FirebaseStored {
  hash: string;
  salt: string;
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

export function isImportedPassword(stored: unknown): stored is string {
  return typeof stored === 'string' && stored.startsWith(PREFIX);
}

/** The value of the `password` column for a user imported from Firebase (base64 fields as exported). */
export function sealFirebasePassword(box: SecretBox, value: FirebaseStored): string {
  return PREFIX + box.seal(JSON.stringify(value));
}

/** Checks a password against an imported hash; a value that cannot be opened matches nothing. */
export async function verifyImportedPassword(box: SecretBox, stored: string, password: string): Promise<boolean> {
  let v: FirebaseStored;
  try {
    v = JSON.parse(box.open(stored.slice(PREFIX.length))) as FirebaseStored;
  } catch {
    return false;
  }
  return verifyFirebaseScrypt(password, fromBase64(v.salt), fromBase64(v.hash), {
    signerKey: fromBase64(v.signerKey),
    saltSeparator: fromBase64(v.saltSeparator),
    rounds: v.rounds,
    memCost: v.memCost,
  });
}
