import { ForbiddenError, type Caller } from '@campus/infra';

export const NOT_YOURS = 'You can only do this for yourself.';

/** A user id in a body or path must be the caller's own, unless an admin acts (rules.md). */
export const assertActingForSelfOrAdmin = (caller: Caller, userId: string) => {
  if (caller.userId !== userId && !caller.admin) throw new ForbiddenError(NOT_YOURS);
};

export const assertAdmin = (caller: Caller, message = 'Only admins can do this.') => {
  if (!caller.admin) throw new ForbiddenError(message);
};
