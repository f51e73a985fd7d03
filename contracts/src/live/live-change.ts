import { z } from 'zod';

/** The schemas of the live stream's messages (docs/live-updates.md; the stream itself: live.ts). */

/** What changed: the screens a topic refreshes are the client's business (docs/live-updates.md). */
export const liveTopicSchema = z.discriminatedUnion('kind', [
  /** An opportunity the viewer may read: its details, slots, participants, waitlist, lists. */
  z.object({ kind: z.literal('opportunity'), id: z.uuid() }),
  /** The viewer's own bell: a friend request to or from them, a decision on their logged hours. */
  z.object({ kind: z.literal('notifications') }),
  /** The viewer's friendships (a request, an answer, a removal with them). */
  z.object({ kind: z.literal('friends') }),
  /** Points or ranks moved: any leaderboard may read differently. */
  z.object({ kind: z.literal('leaderboard') }),
  /** Something waits for (or left) an admin's approval: organizations, opportunities, hours. */
  z.object({ kind: z.literal('approvals') }),
  /** Logged hours wait for (or got) the verification of an organization the viewer hosts. */
  z.object({ kind: z.literal('verifications') }),
]);
export type LiveTopic = z.infer<typeof liveTopicSchema>;
export type LiveTopicKind = LiveTopic['kind'];

/** `event: change`: the data of one message, its `id` the read model's position it reaches. */
export const liveChangeSchema = z.object({ topics: z.array(liveTopicSchema) });
export type LiveChange = z.infer<typeof liveChangeSchema>;
