import crypto from 'node:crypto';

let lastMs = 0;
let seq = 0;

/** Random bytes drawn 4 KiB at a time: a system call per id was a visible cost of bulk creates. */
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomBlock(): Buffer {
  if (poolAt + 16 > pool.length) {
    pool = crypto.randomBytes(4096);
    poolAt = 0;
  }
  // A copy, so the id's bytes are set without touching the pool; each 16-byte block is used once.
  const out = Buffer.from(pool.subarray(poolAt, poolAt + 16));
  poolAt += 16;
  return out;
}

/**
 * A new objectId: an upper-case UUID (version 7 layout) whose leading bits are the creation time
 * and a per-process counter. Ids created later sort later, so records created in one bulk request
 * (which share their `created` millisecond) keep their order under the default sort.
 */
export function newRecordId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    seq = crypto.randomInt(0, 0x400);
  } else {
    seq++;
    if (seq > 0xfff) {
      // More than 4096 ids in one millisecond: borrow the next millisecond to stay ordered.
      lastMs++;
      seq = 0;
    }
  }
  const bytes = randomBlock();
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = Math.floor(ms / 2 ** 24) & 0xff;
  bytes[3] = Math.floor(ms / 2 ** 16) & 0xff;
  bytes[4] = Math.floor(ms / 2 ** 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((seq >> 8) & 0x0f);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
