import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  toDomainEvent,
  toEmailReservationStreamId,
  toUserStreamId,
  userProfilePersonalChangesSchema,
  type EventMetadata,
  type RecordedEvent,
} from '@campus/contracts';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { reservationDecider } from '../decider/reservation-decider';
import type { CommandDeps } from '../http/context';
import { FILES_URL_PREFIX } from '../uploads/image-store';
import { erasureDecider } from './erasure-decider';

/** Names the image store gives uploads (a uuid and the detected type); nothing else is deleted. */
const STORED_IMAGE = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/** The stored file an image URL names, if it is one of the image store's uploads. */
const storedImageOf = (url: string | null | undefined): string | null => {
  if (!url?.startsWith(FILES_URL_PREFIX)) return null;
  const name = url.slice(FILES_URL_PREFIX.length);
  return STORED_IMAGE.test(name) ? name : null;
};

/**
 * Every photo the person ever set on their profile, while their key can still open their profile
 * edits, and the photos of their service logs (docs/service-hours.md), as the read model has them
 * opened (a log logged in the instant before the erasure, not yet projected, is not among them).
 */
const photosOf = async (
  deps: CommandDeps,
  userId: string,
  recorded: readonly RecordedEvent[],
): Promise<string[]> => {
  const photos = new Set<string>();
  for (const stored of recorded) {
    const event = toDomainEvent(stored);
    if (event?.type !== 'UserProfileUpdated' || !event.data.personal) continue;
    const changes = await deps.vault.open(event.data.personal, userProfilePersonalChangesSchema);
    const name = storedImageOf(changes?.profileImage);
    if (name) photos.add(name);
  }
  const { rows } = await deps.pool.query<{ photo: string }>(
    'SELECT photo FROM read.service_logs WHERE user_id = $1::uuid AND photo IS NOT NULL',
    [userId],
  );
  for (const { photo } of rows) {
    const name = storedImageOf(photo);
    if (name) photos.add(name);
  }
  return [...photos];
};

/**
 * POST /api/admin/users/:id/erase (ADR 0002): the person's data key is destroyed, so every sealed
 * blob of theirs (names, email, phone, birthday, gender, bio, photo URL) is unreadable for good,
 * replays included; UserErased tells the projections to drop what they had opened; the email's
 * reservation is released, so the address no longer leads to the account; their uploaded photos
 * (profile and service logs) are deleted. Ids, signups, attendance and points stay. Every step is idempotent, so a retry
 * finishes what an interrupted request left.
 */
export const eraseUser = async (
  deps: CommandDeps,
  userId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome[]> => {
  const streamId = toUserStreamId(userId);
  const recorded = await deps.store.readStream(streamId);
  const state = foldStream(erasureDecider, recorded);
  // Refuses unknown people before anything irreversible happens.
  erasureDecider.decide({ type: 'EraseUser', userId, erasedAt: metadata.occurredAt }, state);
  const photos = await photosOf(deps, userId, recorded);

  await deps.vault.erase(userId);
  const outcomes: CommandOutcome[] = [
    await handleCommand({
      store: deps.store,
      streamId,
      decider: erasureDecider,
      command: { type: 'EraseUser', userId, erasedAt: metadata.occurredAt },
      metadata,
    }),
  ];
  if (state.emailHash) {
    outcomes.push(
      await handleCommand({
        store: deps.store,
        streamId: toEmailReservationStreamId(state.emailHash),
        decider: reservationDecider,
        command: { type: 'Release', ownerId: userId },
        metadata,
      }),
    );
  }
  await Promise.all(
    photos.map((name) =>
      unlink(join(deps.uploadDir, name)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }),
    ),
  );
  deps.logger.info({ userId, photos: photos.length }, 'personal data erased');
  return outcomes;
};
