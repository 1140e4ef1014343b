import crypto from 'node:crypto';

// TOTP (RFC 6238) over HOTP (RFC 4226): SHA-1, 6 digits, 30-second steps — what authenticator
// apps expect from an otpauth:// URI without extra parameters.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;
const DIGITS = 6;

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('Invalid base32 character');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function newTotpSecret(): string {
  return base32Encode(crypto.randomBytes(20));
}

export function hotp(secret: string, counter: number, digits = DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(code % 10 ** digits).padStart(digits, '0');
}

export function totp(secret: string, atMs = Date.now(), digits = DIGITS): string {
  return hotp(secret, Math.floor(atMs / 1000 / STEP_SECONDS), digits);
}

/**
 * A code as typed, or sent as a JSON number, which loses leading zeros: 12345 means "012345". The
 * request schema may also have turned such a number into the text "12345" before it gets here, so
 * short digit strings are padded the same way (the code space stays the same million values).
 */
function normaliseCode(code: string | number): string {
  if (typeof code === 'number') return Number.isInteger(code) && code >= 0 ? String(code).padStart(DIGITS, '0') : '';
  const text = code.replace(/\s+/g, '');
  return /^\d{1,6}$/.test(text) ? text.padStart(DIGITS, '0') : text;
}

/**
 * The time step whose code matches: the current step or one either side (clock drift), or null.
 * Callers that sign someone in store the step so the same code is not accepted twice.
 */
export function matchTotpStep(secret: string, code: string | number, atMs = Date.now()): number | null {
  const given = normaliseCode(code);
  if (given.length !== DIGITS || !/^\d+$/.test(given)) return null;
  const step = Math.floor(atMs / 1000 / STEP_SECONDS);
  let matched: number | null = null;
  for (const s of [step - 1, step, step + 1]) {
    // every candidate is compared, without an early exit, to keep timing flat
    if (crypto.timingSafeEqual(Buffer.from(hotp(secret, s)), Buffer.from(given)) && matched === null) matched = s;
  }
  return matched;
}

/** True when the code is valid now (see `matchTotpStep`). */
export function verifyTotp(secret: string, code: string | number, atMs = Date.now()): boolean {
  return matchTotpStep(secret, code, atMs) !== null;
}

export function otpauthUri(secret: string, account: string, issuer = 'Basalt'): string {
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;
}
