import crypto from 'node:crypto';
import { serverKey } from './server-key.js';

/**
 * Encrypts push credentials at rest (AES-256-GCM) with the server key (http/server-key.ts:
 * `BASALT_SECRET_KEY`, or a key file made once in the data directory).
 */
export class SecretBox {
  private key?: Buffer;

  constructor(
    private readonly dataDir: string,
    private readonly envKey = process.env.BASALT_SECRET_KEY,
  ) {}

  private keyBytes(): Buffer {
    return (this.key ??= serverKey(this.dataDir, this.envKey));
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
    const [iv, tag, data] = stored
      .slice(7)
      .split('.')
      .map((p) => Buffer.from(p, 'base64'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.keyBytes(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
