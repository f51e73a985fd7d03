import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUserStreamId } from '@campus/contracts';
import { adminGranted, profileUpdated, userRegistered, type TestEvent } from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';

type UserRow = {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  bio: string | null;
  profile_image: string | null;
  interests: string[];
  admin: boolean;
  erased: boolean;
  birthday: string | null;
};

const userErased = (userId: string): TestEvent => ({
  stream: toUserStreamId(userId),
  event: {
    eventId: randomUUID(),
    type: 'UserErased',
    data: { v: 1, userId, erasedAt: '2026-03-03T15:00:00.000Z' },
    metadata: {
      actorUserId: null,
      correlationId: randomUUID(),
      causationId: null,
      commandName: 'EraseUser',
      occurredAt: '2026-03-03T15:00:00.000Z',
    },
  },
});

const userRow = async (h: ProjectionHarness, id: string): Promise<UserRow | undefined> => {
  const { rows } = await h.pool.query<UserRow>(
    `SELECT first_name, last_name, email, phone, bio, profile_image, interests, admin, erased,
            to_char(birthday, 'YYYY-MM-DD') AS birthday
       FROM read.users WHERE id = $1`,
    [id],
  );
  return rows[0];
};

describe('users: registrations and profile edits opened from sealed data', () => {
  let h: ProjectionHarness;
  beforeAll(async () => {
    h = await createProjectionHarness('users');
  });
  afterAll(async () => {
    await h.close();
  });

  it('opens the sealed registration and applies only the keys a profile edit carries', async () => {
    const ada = await userRegistered(h.vault, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '5550001111',
    });
    await h.append(
      ada,
      await profileUpdated(h.vault, ada.userId, {
        bio: 'Counts things',
        profileImage: '/files/a.png',
      }),
      await profileUpdated(h.vault, ada.userId, { firstName: 'Augusta' }, ['Education', 'Other']),
      adminGranted(ada.userId),
    );
    await h.project({ batchSize: 2 });
    expect(await userRow(h, ada.userId)).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      email: `${ada.userId.slice(0, 8)}@university.edu`,
      phone: '5550001111',
      bio: 'Counts things',
      profile_image: '/files/a.png',
      interests: ['Education', 'Other'],
      admin: true,
      erased: false,
      birthday: '2004-05-06',
    });

    // Interests alone travel in clear; a null bio clears it.
    await h.append(
      await profileUpdated(h.vault, ada.userId, null, ['Religious']),
      await profileUpdated(h.vault, ada.userId, { bio: null }),
    );
    await h.project();
    expect(await userRow(h, ada.userId)).toMatchObject({
      first_name: 'Augusta',
      bio: null,
      interests: ['Religious'],
    });
  });

  it('projects an erased person as unreadable, without personal fields', async () => {
    const gone = await userRegistered(h.vault, { firstName: 'Gone' });
    const edit = await profileUpdated(h.vault, gone.userId, { firstName: 'Still gone' });
    await h.vault.erase(gone.userId);
    await h.append(gone, edit);
    await h.project();
    expect(await userRow(h, gone.userId)).toMatchObject({
      first_name: null,
      email: null,
      phone: null,
      erased: true,
    });
  });

  it('applies UserErased to rows it had opened, and a re-registration of the address in the same batch', async () => {
    const email = 'twice@university.edu';
    const sameHash = (e: TestEvent): TestEvent => ({
      ...e,
      event: { ...e.event, data: { ...(e.event.data as object), emailHash: 'hash-twice' } },
    });
    const first = await userRegistered(h.vault, { firstName: 'First', email });
    const bio = await profileUpdated(h.vault, first.userId, { bio: 'Secret', profileImage: '/x' });
    await h.append(sameHash(first), bio);
    await h.project();
    expect(await userRow(h, first.userId)).toMatchObject({ first_name: 'First', bio: 'Secret' });

    await h.vault.erase(first.userId);
    const second = await userRegistered(h.vault, { firstName: 'Second', email });
    // Both registrations carry the same email hash; the erasure comes between them.
    await h.append(userErased(first.userId), sameHash(second));
    await h.project({ batchSize: 10 });
    expect(await userRow(h, first.userId)).toMatchObject({
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
      bio: null,
      profile_image: null,
      birthday: null,
      erased: true,
    });
    expect(await userRow(h, second.userId)).toMatchObject({
      first_name: 'Second',
      email,
      erased: false,
    });
  });
});
