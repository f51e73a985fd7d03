import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  CONSISTENCY_TOKEN_HEADER,
  encodeConsistencyToken,
  type AppendResult,
  type CommandAck,
} from '@campus/contracts';
import type { CommandOutcome } from '../decider/decider';
import { NotFoundError } from '../errors';

const uuid = z.uuid();

/**
 * The path parameter `name` of a route ('' when absent). Given `notFound`, it must be an id (a
 * uuid): anything else names nothing, and is answered 404 with that message.
 */
export const pathId = (req: Request, name: string, notFound?: string): string => {
  const value = req.params[name];
  const id = typeof value === 'string' ? value : '';
  if (notFound !== undefined && !uuid.safeParse(id).success) throw new NotFoundError(notFound);
  return id;
};

/** What a command appended (null when it decided nothing): one command's, or several in order. */
type Appended = Pick<CommandOutcome, 'appended'>;
type Outcomes = Appended | readonly Appended[];

const isList = (outcomes: Outcomes): outcomes is readonly Appended[] => Array.isArray(outcomes);

/** Every command answer names the newest position it wrote (read-your-writes). */
const sendConsistencyToken = (res: Response, appended: readonly (AppendResult | null)[]) => {
  const positions = appended.filter((a): a is AppendResult => a !== null).map((a) => a.position);
  const newest = positions.reduce<AppendResult['position'] | null>(
    (max, p) => (!max || p.txn > max.txn || (p.txn === max.txn && p.seq > max.seq) ? p : max),
    null,
  );
  if (newest) res.set(CONSISTENCY_TOKEN_HEADER, encodeConsistencyToken(newest));
};

/** A command's answer: the consistency token of what it appended, then `body` with `status`. */
export const respond = (res: Response, outcomes: Outcomes, status: number, body: unknown) => {
  sendConsistencyToken(
    res,
    (isList(outcomes) ? outcomes : [outcomes]).map((o) => o.appended),
  );
  res.status(status).json(body);
};

/** A command's acknowledgement: `{ success: true, id }` (without `id` when none is given). */
export const acknowledge = (res: Response, outcomes: Outcomes, id?: string, status = 200) => {
  const body: CommandAck = id === undefined ? { success: true } : { success: true, id };
  respond(res, outcomes, status, body);
};
