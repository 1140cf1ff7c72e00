// Seals small secrets (OAuth tokens) with AES-256-GCM under a key file of the plugin's own, kept beside the data.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

export class SecretBox {
  private key?: Buffer;

  /** `dir` holds `oauth.key` (created with mode 0600 on first use): a database copy alone opens nothing. */
  constructor(private readonly dir: string) {}

  private keyOf(): Buffer {
    if (this.key) return this.key;
    const file = path.join(this.dir, 'oauth.key');
    try {
      this.key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    } catch {
      mkdirSync(this.dir, { recursive: true });
      const fresh = randomBytes(32);
      // wx: two processes starting together never overwrite each other's key
      try {
        writeFileSync(file, fresh.toString('base64'), { mode: 0o600, flag: 'wx' });
        this.key = fresh;
      } catch {
        this.key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      }
    }
    if (this.key.length !== 32) throw new Error(`${file} is not a 32-byte key`);
    return this.key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.keyOf(), iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return [VERSION, iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(
      '.',
    );
  }

  /** The plain text, or null when the seal is not ours (another key, tampered): the sign-in starts over. */
  open(sealed: string): string | null {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== VERSION || !iv || !tag || body === undefined) return null;
    try {
      const d = createDecipheriv('aes-256-gcm', this.keyOf(), Buffer.from(iv, 'base64'));
      d.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
