import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@campus/contracts';
import { capturedLogger } from '@campus/infra/testing';
import { profileUpdated, userRegistered } from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';

type Row = {
  first_name: string;
  last_name: string;
  email: string;
  bio: string | null;
  interests: string[];
  graduation_year: number | null;
};

describe('users: a registration or edit from an older event is clamped, never dead-lettered', () => {
  let h: ProjectionHarness;
  beforeAll(async () => {
    h = await createProjectionHarness('users-clamp');
  });
  afterAll(async () => {
    await h.close();
  });

  it('stores text without NUL or unpaired surrogates and names within their limit', async () => {
    const marker = 'Qv3secret';
    const registered = await userRegistered(h.vault, {
      firstName: `Ada\u0000${marker}`,
      // Far beyond what the name index can hold (about 2,700 bytes).
      lastName: '語'.repeat(5_000),
      email: `broken\uD800${marker}@university.edu`,
    });
    const data = registered.event.data as { graduationYear: number | null };
    data.graduationYear = 10_000_000_000;
    const edit = await profileUpdated(h.vault, registered.userId, { bio: `about\u0000${marker}` }, [
      'tag',
    ]);
    await h.append(registered, edit);
    const { lines, logger } = capturedLogger();
    // Sealed fields are the ones that can hold what jsonb refuses; the harness fails on a dead letter.
    await h.project({ logger });

    const { rows } = await h.pool.query<Row>(
      `SELECT first_name, last_name, email, bio, interests, graduation_year
         FROM read.users WHERE id = $1`,
      [registered.userId],
    );
    expect(rows[0]).toEqual({
      first_name: `Ada${marker}`,
      last_name: '語'.repeat(TEXT_LIMITS.personName),
      email: `broken\uFFFD${marker}@university.edu`,
      bio: `about${marker}`,
      interests: ['tag'],
      graduation_year: null,
    });
    const warnings = lines.filter((l) => l.includes('clamped'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"fields":["first_name","last_name","email"]');
    expect(warnings[1]).toContain('"fields":["bio"]');
    for (const line of lines) expect(line).not.toContain(marker);
  });
});
