import { randomUUID } from 'node:crypto';
import {
  SCORING_RULES_STREAM_ID,
  toOrganizationStreamId,
  toServiceLogStreamId,
  type DecideServiceHours,
  type EventMetadata,
  type LogServiceHours,
  type Sealed,
  type ServiceHoursPersonal,
  serviceHoursTexts,
  WAITING_SERVICE_LOGS_MAX,
} from '@campus/contracts';
import { SubjectErasedError, type Caller } from '@campus/infra';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { ConflictError } from '../errors';
import type { CommandDeps } from '../http/context';
import { isLiveOrganization, organizationDecider } from '../organizations/organization-decider';
import { loggedHoursScoringDecider } from './logged-hours-scoring-decider';
import { serviceLogDecider, type OrganizationFacts } from './service-log-decider';

type Deps = Pick<CommandDeps, 'store' | 'clock' | 'vault'>;

/**
 * Refuses a new log while the caller has WAITING_SERVICE_LOGS_MAX waiting in the same verifiers'
 * queue (one platform organization's, or the admins' for organizations off the platform), so
 * nobody fills a queue, and a queue nobody works blocks only itself (docs/service-hours.md).
 * Counted from the read model: logs sent before it has the earlier ones pass.
 */
const assertRoomForAnotherLog = async (
  deps: Pick<CommandDeps, 'pool'>,
  userId: string,
  organizationId: string | null,
): Promise<void> => {
  const { rows } = await deps.pool.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM read.service_logs
      WHERE user_id = $1::uuid AND status = 'pending'
        AND organization_id IS NOT DISTINCT FROM $2::uuid`,
    [userId, organizationId],
  );
  if ((rows[0]?.waiting ?? 0) < WAITING_SERVICE_LOGS_MAX) return;
  const { errors } = serviceHoursTexts;
  throw new ConflictError(
    organizationId === null
      ? errors.tooManyWaitingOutside(WAITING_SERVICE_LOGS_MAX)
      : errors.tooManyWaiting(WAITING_SERVICE_LOGS_MAX),
  );
};

/** A platform organization as its own stream says now (docs/service-hours.md). */
const readOrganizationFacts = async (
  deps: Pick<Deps, 'store'>,
  organizationId: string,
): Promise<OrganizationFacts> => {
  const state = foldStream(
    organizationDecider,
    await deps.store.readStream(toOrganizationStreamId(organizationId)),
  );
  return {
    live: isLiveOrganization(state),
    approved: state.approved,
    hostUserId: state.hostUserId,
  };
};

/**
 * POST /api/hours: the caller logs service done off the platform, for themselves. The personal
 * parts travel sealed under the caller's key; the log is a new stream of its own.
 */
export const logServiceHours = async (
  deps: Deps & Pick<CommandDeps, 'pool'>,
  caller: Caller,
  body: LogServiceHours,
  metadata: EventMetadata,
): Promise<{ logId: string; outcome: CommandOutcome }> => {
  const logId = randomUUID();
  const organizationId = body.organization_id?.toLowerCase() ?? null;
  await assertRoomForAnotherLog(deps, caller.userId, organizationId);
  const organization =
    organizationId !== null
      ? {
          kind: 'platform' as const,
          id: organizationId,
          facts: await readOrganizationFacts(deps, organizationId),
        }
      : { kind: 'outside' as const, name: body.outside_organization ?? '' };
  const personal: ServiceHoursPersonal = {
    description: body.description,
    verifierName: body.verifier_name,
    verifierEmail: body.verifier_email,
    photo: body.photo,
  };
  const outcome = await handleCommand({
    store: deps.store,
    streamId: toServiceLogStreamId(logId),
    decider: serviceLogDecider,
    command: {
      type: 'LogServiceHours',
      logId,
      actor: caller,
      organization,
      date: body.date,
      minutes: body.minutes,
      cause: body.cause,
      personal: await deps.vault.seal(caller.userId, personal),
      now: deps.clock.now(),
    },
    metadata,
  });
  return { logId, outcome };
};

/** `{ reason }` sealed under the student's key, or null when their erasure destroyed it. */
const sealReason = async (
  deps: Pick<Deps, 'vault'>,
  studentId: string,
  reason: string | null,
): Promise<Sealed | null> => {
  try {
    return await deps.vault.seal(studentId, { reason });
  } catch (error) {
    if (error instanceof SubjectErasedError) return null;
    throw error;
  }
};

/**
 * POST /api/hours/:id/decision: a verifier approves or rejects a log, once. Who may is read from
 * the log (its student, its organization) and from its organization's stream (its current host).
 */
export const decideServiceHours = (
  deps: Deps,
  caller: Caller,
  logId: string,
  body: DecideServiceHours,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: toServiceLogStreamId(logId),
    decider: serviceLogDecider,
    commandOn: async (state) => {
      const command = {
        type: 'DecideServiceHours' as const,
        actor: caller,
        decision: body.decision,
        now: deps.clock.now(),
      };
      // An unknown log is refused by the decision; nothing to look up for it.
      if (state.status === 'none')
        return { ...command, organizationHostUserId: null, reason: null };
      const organization =
        state.organizationId === null
          ? null
          : await readOrganizationFacts(deps, state.organizationId);
      return {
        ...command,
        // A deleted organization has no host any more: only admins decide its logs.
        organizationHostUserId: organization?.live ? organization.hostUserId : null,
        reason: await sealReason(deps, state.userId, body.reason),
      };
    },
    metadata,
  });

/** PUT /api/scoring/logged-hours (admins): appends only when the rule changes. */
export const setLoggedHoursScoring = (
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  earnPoints: boolean,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: SCORING_RULES_STREAM_ID,
    decider: loggedHoursScoringDecider,
    command: {
      type: 'SetLoggedHoursScoring',
      earnPoints,
      changedBy: caller.userId,
      at: metadata.occurredAt,
    },
    metadata,
  });
