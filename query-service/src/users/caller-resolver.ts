import { reservationHash, type CallerResolver, type Pool } from '@campus/infra';

/** The query side resolves callers from the read model. */
export const createReadModelCallerResolver =
  (pool: Pool): CallerResolver =>
  async (identity) => {
    if (!identity.email) return null;
    const { rows } = await pool.query<{ id: string; admin: boolean }>(
      'SELECT id, admin FROM read.users WHERE email_hash = $1',
      [reservationHash(identity.email)],
    );
    const row = rows[0];
    return row ? { userId: row.id, admin: row.admin } : null;
  };
