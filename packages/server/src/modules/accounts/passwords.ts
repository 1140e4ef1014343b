import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost: ~50 ms on this class of machine.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the login is unknown, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hash('not a real password, only for timing');
  return dummy;
}
