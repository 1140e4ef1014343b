import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts push credentials at rest (AES-256-GCM). The key comes from `BASALT_SECRET_KEY` (any
 * text; hashed to 32 bytes) so that several processes sharing one PostgreSQL database read the
 * same rows; without it, a random key is created once in `<dataDir>/secret.key` (mode 0600),
 * which suits the single-machine SQLite setup. A database dump alone then holds no usable key.
 */
export class SecretBox {
  private key?: Buffer;

  constructor(private readonly dataDir: string, private readonly envKey = process.env.BASALT_SECRET_KEY) {}

  private keyBytes(): Buffer {
    if (this.key) return this.key;
    if (this.envKey) return (this.key = crypto.createHash('sha256').update(this.envKey).digest());
    const file = path.join(this.dataDir, 'secret.key');
    try {
      this.key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    } catch {
      fs.mkdirSync(this.dataDir, { recursive: true });
      const fresh = crypto.randomBytes(32);
      try {
        // `wx`: when another process created it first, read theirs instead of overwriting it.
        fs.writeFileSync(file, fresh.toString('base64'), { mode: 0o600, flag: 'wx' });
        this.key = fresh;
      } catch {
        this.key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
      }
    }
    return this.key;
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `enc:v1:${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${data.toString('base64')}`;
  }

  /** Opens a sealed value; plain JSON written before encryption existed is read as it is. */
  open(stored: string): string {
    if (!stored.startsWith('enc:v1:')) return stored;
    const [iv, tag, data] = stored.slice(7).split('.').map((p) => Buffer.from(p, 'base64'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.keyBytes(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
