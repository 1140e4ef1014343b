import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, newTotpSecret, totp, verifyTotp } from './totp.js';

// The RFC 4226 / RFC 6238 SHA-1 seed: the ASCII string "12345678901234567890".
const SEED = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP (RFC 6238)', () => {
  it('encodes the RFC seed in base32 and back', () => {
    expect(SEED).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(SEED).toString('ascii')).toBe('12345678901234567890');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe('12345678901234567890');
    expect(() => base32Decode('GEZ1')).toThrow();
  });

  it('matches the HOTP test values of RFC 4226 appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SEED, counter))).toEqual(expected);
  });

  it('matches the SHA-1 test vectors of RFC 6238 appendix B (8 digits)', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totp(SEED, seconds * 1000, 8)).toBe(code);
  });

  it('uses 6 digits by default: the last six of the 8-digit value', () => {
    expect(totp(SEED, 59_000)).toBe('287082');
    expect(totp(SEED, 1111111109_000)).toBe('081804');
  });

  it('accepts the current step and one either side, nothing further', () => {
    const at = 1234567890_000;
    expect(verifyTotp(SEED, totp(SEED, at), at)).toBe(true);
    expect(verifyTotp(SEED, totp(SEED, at - 30_000), at)).toBe(true);
    expect(verifyTotp(SEED, totp(SEED, at + 30_000), at)).toBe(true);
    expect(verifyTotp(SEED, totp(SEED, at - 60_000), at)).toBe(false);
    expect(verifyTotp(SEED, totp(SEED, at + 60_000), at)).toBe(false);
    expect(matchTotpStep(SEED, totp(SEED, at + 30_000), at)).toBe(Math.floor(at / 30_000) + 1);
  });

  it('accepts spaces and numbers without their leading zeros; refuses malformed codes', () => {
    const at = 1111111109_000; // code 081804
    expect(verifyTotp(SEED, '081 804', at)).toBe(true);
    expect(verifyTotp(SEED, 81804, at)).toBe(true);
    // The same number after the request schema turned it into text.
    expect(verifyTotp(SEED, '81804', at)).toBe(true);
    for (const bad of ['0818040', 'abcdef', '', '08180x', '-81804', -81804, 81804.5])
      expect(verifyTotp(SEED, bad, at)).toBe(false);
  });

  it('makes 160-bit random secrets', () => {
    const a = newTotpSecret();
    expect(base32Decode(a).length).toBe(20);
    expect(a).not.toBe(newTotpSecret());
  });
});
