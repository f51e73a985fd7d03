import { texts, toUserStreamId, type EventStore } from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { foldStream } from '../decider/decider';
import { ForbiddenError, NotFoundError } from '../errors';
import { userDecider } from '../users/user-decider';

const NOT_YOURS = 'You can only do this for yourself.';

/** A user id in a body or path must be the caller's own, unless an admin acts (docs/product-rules.md). */
export const assertActingForSelfOrAdmin = (caller: Caller, userId: string) => {
  if (caller.userId !== userId && !caller.admin) throw new ForbiddenError(NOT_YOURS);
};

/** 404 'User not found' unless the user's stream says they registered. */
export const assertRegisteredUser = async (store: EventStore, userId: string) => {
  const user = foldStream(userDecider, await store.readStream(toUserStreamId(userId)));
  if (!user.registered) throw new NotFoundError(texts.notFound.user);
};

/** The caller acting for themselves, or an admin acting for another registered user. */
export const assertActingForUser = async (store: EventStore, caller: Caller, userId: string) => {
  assertActingForSelfOrAdmin(caller, userId);
  if (userId !== caller.userId) await assertRegisteredUser(store, userId);
};
