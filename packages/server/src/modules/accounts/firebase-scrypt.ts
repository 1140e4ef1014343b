import crypto from 'node:crypto';

/** A Firebase project's password hash parameters, decoded. */
export interface FirebaseScryptParams {
  /** The project's signer key (the plain text every user's hash encrypts). */
  signerKey: Buffer;
  /** Bytes appended to each user's salt before scrypt. */
  saltSeparator: Buffer;
  /** scrypt's block size `r`. */
  rounds: number;
  /** scrypt's cost is 2^memCost. */
  memCost: number;
}

/** Firebase's exports use standard base64; its Admin SDK's listings the URL-safe alphabet. Both are read. */
export function fromBase64(text: string): Buffer {
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

function scrypt(password: string, salt: Buffer, n: number, r: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, 64, { N: n, r, p: 1, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Firebase Auth's modified scrypt, as Firebase documents it: scrypt(password, salt ‖ separator,
 * N = 2^memCost, r = rounds, p = 1) gives a 64-byte key; its first 32 bytes key AES-256-CTR (zero
 * counter block), which encrypts the project's signer key. That ciphertext is the user's hash.
 */
export async function firebaseScrypt(password: string, salt: Buffer, p: FirebaseScryptParams): Promise<Buffer> {
  const derived = await scrypt(password, Buffer.concat([salt, p.saltSeparator]), 2 ** p.memCost, p.rounds);
  const cipher = crypto.createCipheriv('aes-256-ctr', derived.subarray(0, 32), Buffer.alloc(16));
  return Buffer.concat([cipher.update(p.signerKey), cipher.final()]);
}

/** True when `password` gives `hash` (compared in constant time). */
export async function verifyFirebaseScrypt(
  password: string,
  salt: Buffer,
  hash: Buffer,
  p: FirebaseScryptParams,
): Promise<boolean> {
  const computed = await firebaseScrypt(password, salt, p);
  return computed.length === hash.length && crypto.timingSafeEqual(computed, hash);
}
