import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Sealed } from '@campus/contracts';
import type { Pool } from '../db/pool';

/**
 * Crypto-shredding of personal data: each data subject has its own AES-256-GCM key in
 * pii.subject_keys; events carry only sealed blobs. Erasing deletes the key for good.
 */
export type PersonalDataVault = {
  seal(subject: string, data: Record<string, unknown>): Promise<Sealed>;
  /** The opened data, or null when the subject was erased (or the blob does not match the schema). */
  open<S extends z.ZodType>(sealed: Sealed, schema: S): Promise<z.output<S> | null>;
  erase(subject: string): Promise<void>;
  /** Loads the keys of `subjects` in one query, so opening many blobs is not a query each. */
  prefetch(subjects: readonly string[]): Promise<void>;
};

export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly subject: string) {
    super(`Personal data of ${subject} was erased`);
  }
}

const KEY_CACHE_TTL_MS = 30_000;
const KEY_CACHE_MAX = 50_000;

export const createPersonalDataVault = (pool: Pool): PersonalDataVault => {
  const cache = new Map<string, { key: Buffer | null; at: number }>();

  const remember = (subject: string, key: Buffer | null) => {
    if (cache.size >= KEY_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(subject, { key, at: Date.now() });
  };

  const findKey = async (subject: string): Promise<Buffer | null> => {
    const hit = cache.get(subject);
    if (hit && Date.now() - hit.at < KEY_CACHE_TTL_MS) return hit.key;
    const { rows } = await pool.query<{ key: Buffer }>(
      'SELECT key FROM pii.subject_keys WHERE subject = $1',
      [subject],
    );
    const key = rows[0]?.key ?? null;
    remember(subject, key);
    return key;
  };

  const keyForSealing = async (subject: string): Promise<Buffer> => {
    const existing = await findKey(subject);
    if (existing) return existing;
    const { rows } = await pool.query<{ key: Buffer }>(
      `INSERT INTO pii.subject_keys (subject, key)
         SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM pii.erasures WHERE subject = $1)
       ON CONFLICT (subject) DO UPDATE SET subject = EXCLUDED.subject
       RETURNING key`,
      [subject, randomBytes(32)],
    );
    const key = rows[0]?.key;
    if (!key) throw new SubjectErasedError(subject);
    remember(subject, key);
    return key;
  };

  return {
    async seal(subject, data) {
      const key = await keyForSealing(subject);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([
        cipher.update(JSON.stringify(data), 'utf8'),
        cipher.final(),
      ]);
      return {
        subject,
        iv: iv.toString('base64'),
        data: encrypted.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
      };
    },
    async open(sealed, schema) {
      const key = await findKey(sealed.subject);
      if (!key) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
        decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
        const text = Buffer.concat([
          decipher.update(Buffer.from(sealed.data, 'base64')),
          decipher.final(),
        ]).toString('utf8');
        const parsed = schema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async prefetch(subjects) {
      const now = Date.now();
      const wanted = [...new Set(subjects)].filter((s) => {
        const hit = cache.get(s);
        return !hit || now - hit.at >= KEY_CACHE_TTL_MS;
      });
      if (!wanted.length) return;
      const { rows } = await pool.query<{ subject: string; key: Buffer }>(
        'SELECT subject, key FROM pii.subject_keys WHERE subject = ANY($1::text[])',
        [wanted],
      );
      const keys = new Map(rows.map((r) => [r.subject, r.key]));
      for (const subject of wanted) remember(subject, keys.get(subject) ?? null);
    },
    async erase(subject) {
      await pool.query(
        `WITH gone AS (DELETE FROM pii.subject_keys WHERE subject = $1)
         INSERT INTO pii.erasures (subject) VALUES ($1) ON CONFLICT DO NOTHING`,
        [subject],
      );
      cache.set(subject, { key: null, at: Date.now() });
    },
  };
};
