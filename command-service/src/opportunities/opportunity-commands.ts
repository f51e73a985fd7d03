import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  easternToInstant,
  texts,
  toOpportunityStreamId,
  toOrganizationStreamId,
  type CreateOpportunity,
  type EventMetadata,
  type MarkAttendance,
  type Opportunity,
  type OpportunityCreated,
  type Signup,
  type UpdateOpportunity,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { assertActingForUser } from '../http/authorization';
import type { CommandDeps } from '../http/context';
import {
  initialOrganizationState,
  isLiveOrganization,
  organizationDecider,
  type OrganizationState,
} from '../organizations/organization-decider';
import { storeImage } from '../uploads/image-store';
import {
  assertStartInFuture,
  opportunityDecider,
  type OpportunityCommand,
} from './opportunity-decider';
import {
  evolveOpportunity,
  initialOpportunityState,
  isHostOrAdmin,
  type OpportunityState,
} from './opportunity-state';

/** The slice's application services: cross-stream look-ups, then one decision on the opportunity stream. */
type Deps = Pick<CommandDeps, 'store' | 'clock' | 'uploadDir'>;

const isId = (id: string) => z.uuid().safeParse(id).success;

const runOnOpportunity = (
  deps: Deps,
  opportunityId: string,
  command: OpportunityCommand,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId),
    decider: opportunityDecider,
    command,
    metadata,
  });

const readOrganization = async (
  deps: Pick<Deps, 'store'>,
  organizationId: string,
): Promise<OrganizationState> =>
  foldStream(
    organizationDecider,
    await deps.store.readStream(toOrganizationStreamId(organizationId)),
  );

const belongsTo = (organization: OrganizationState, userId: string) =>
  organization.hostUserId === userId || organization.members.has(userId);

/** Visibility lists may only name live organizations (400 naming the field otherwise). */
const assertOrganizationsExist = async (deps: Pick<Deps, 'store'>, ids: readonly string[]) => {
  const states = await Promise.all(ids.map((id) => readOrganization(deps, id)));
  const unknown = ids.filter(
    (_, i) => !isLiveOrganization(states[i] ?? initialOrganizationState()),
  );
  if (unknown.length > 0) {
    const message = `Unknown organization: ${unknown.join(', ')}`;
    throw new ValidationError(message, [{ field: 'visibility', message }]);
  }
};

/** The opportunity as the API answers it (contracts' opportunitySchema). */
const toOpportunityResponse = (
  state: OpportunityState,
  hostOrgName: string | null,
): Opportunity => {
  const d = state.details;
  return {
    id: state.opportunityId,
    name: d.name,
    nonprofit: d.nonprofit,
    description: d.description,
    date: d.date,
    time: d.time,
    starts_at: d.startsAt,
    duration: d.durationMinutes,
    address: d.address,
    points: d.durationMinutes,
    total_slots: d.totalSlots,
    imageUrl: d.imageUrl,
    causes: [...d.causes],
    tags: [...d.tags],
    isPrivate: d.visibility.length > 0,
    qualifications: [...d.qualifications],
    comments: state.announcements.map((a) => a.text),
    redirect_url: d.redirectUrl,
    host_id: state.hostUserId,
    host_user_id: state.hostUserId,
    host_org_id: state.hostOrgId,
    host_org_name: hostOrgName,
    approved: state.approved,
    attendance_marked: state.attendanceMarked,
    visibility: [...d.visibility],
    involved_users: [],
  };
};

/**
 * POST /api/opps: the caller hosts it for an organization they host or belong to (admins for any);
 * approved when an admin creates it; points follow from the duration, never from the client.
 */
export const createOpportunity = async (
  deps: Deps,
  caller: Caller,
  body: CreateOpportunity,
  image: Buffer | undefined,
  metadata: EventMetadata,
): Promise<{ opportunity: Opportunity; outcome: CommandOutcome }> => {
  const organization = await readOrganization(deps, body.hostOrgId);
  if (!isLiveOrganization(organization)) throw new NotFoundError(texts.notFound.organization);
  if (!caller.admin && !belongsTo(organization, caller.userId))
    throw new ForbiddenError(
      'Only the host or members of the organization can create its opportunities.',
    );
  await assertOrganizationsExist(deps, body.visibility);
  const now = deps.clock.now();
  const startsAt = easternToInstant(body.date, body.time).toISOString();
  // Refused before the upload is kept; the decision checks it again.
  assertStartInFuture(startsAt, now, { date: body.date });
  const imageUrl = image ? await storeImage(deps.uploadDir, image) : body.imageUrl;
  const opportunityId = randomUUID();
  const created: OpportunityCreated = {
    v: 1,
    opportunityId,
    hostUserId: caller.userId,
    hostOrgId: body.hostOrgId,
    approved: caller.admin,
    createdAt: now.toISOString(),
    name: body.name,
    description: body.description,
    nonprofit: body.nonprofit,
    address: body.address,
    date: body.date,
    time: body.time,
    startsAt,
    durationMinutes: body.durationMinutes,
    totalSlots: body.totalSlots,
    causes: body.causes,
    tags: body.tags,
    qualifications: body.qualifications,
    visibility: body.visibility,
    redirectUrl: body.redirectUrl,
    imageUrl,
  };
  const outcome = await runOnOpportunity(
    deps,
    opportunityId,
    { type: 'CreateOpportunity', opportunity: created, now },
    metadata,
  );
  const state = evolveOpportunity(initialOpportunityState(), {
    type: 'OpportunityCreated',
    data: created,
  });
  return { opportunity: toOpportunityResponse(state, organization.name), outcome };
};

/** PUT /api/opps/{id}: a partial edit by the host or an admin. */
export const updateOpportunity = async (
  deps: Deps,
  caller: Caller,
  opportunityId: string,
  edit: UpdateOpportunity,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  if (edit.details.visibility) await assertOrganizationsExist(deps, edit.details.visibility);
  return runOnOpportunity(
    deps,
    opportunityId,
    { type: 'UpdateOpportunity', actor: caller, edit, now: deps.clock.now(), newId: randomUUID },
    metadata,
  );
};

/** DELETE /api/opps/{id}: by the host or an admin; points already earned stay. */
export const deleteOpportunity = (
  deps: Deps,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  runOnOpportunity(deps, opportunityId, { type: 'DeleteOpportunity', actor: caller }, metadata);

/**
 * The approval decision on one opportunity, for PUT /api/opps/{id} and the admin bulk approval
 * (POST /api/approvals). Admins only (403), unknown or deleted opportunities 404; approving an
 * approved opportunity appends nothing (`appended` is null).
 */
const setApproval = (
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  opportunityId: string,
  approved: boolean,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  if (!isId(opportunityId)) return Promise.reject(new NotFoundError(texts.notFound.opportunity));
  return handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId),
    decider: opportunityDecider,
    command: { type: 'SetOpportunityApproval', actor: caller, approved },
    metadata,
  });
};

export const approveOpportunity = (
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => setApproval(deps, caller, opportunityId, true, metadata);

export const unapproveOpportunity = (
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => setApproval(deps, caller, opportunityId, false, metadata);

/** POST /api/opps/{id}/announcements: one announcement by the host or an admin. */
export const postAnnouncement = (
  deps: Deps,
  caller: Caller,
  opportunityId: string,
  text: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  runOnOpportunity(
    deps,
    opportunityId,
    {
      type: 'PostAnnouncement',
      actor: caller,
      announcementId: randomUUID(),
      text,
      now: deps.clock.now(),
    },
    metadata,
  );

/**
 * The organizations of a private opportunity's list that the user belongs to. Memberships live on
 * the organizations' streams, read only for a private opportunity the caller does not host; the
 * decision itself is taken on the opportunity stream, on the same state as this look-up.
 */
export const userOrganizationsAmongVisibility = async (
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  opportunity: OpportunityState,
  userId: string,
): Promise<ReadonlySet<string>> => {
  const visibility = opportunity.details.visibility;
  if (
    opportunity.status !== 'live' ||
    visibility.length === 0 ||
    isHostOrAdmin(caller, opportunity)
  )
    return new Set();
  const organizations = await Promise.all(visibility.map((id) => readOrganization(deps, id)));
  return new Set(
    visibility.filter((_, i) => {
      const organization = organizations[i];
      return organization && isLiveOrganization(organization) && belongsTo(organization, userId);
    }),
  );
};

/**
 * POST /api/register-opp: the caller for themselves, or an admin for another registered user.
 * One round trip (the append) when this process remembers the opportunity's state.
 */
export const signUp = async (
  deps: Deps,
  caller: Caller,
  body: Signup,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  await assertActingForUser(deps.store, caller, body.user_id);
  const now = deps.clock.now();
  return handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(body.opportunity_id),
    decider: opportunityDecider,
    commandOn: async (opportunity): Promise<OpportunityCommand> => ({
      type: 'SignUpForOpportunity',
      actor: caller,
      userId: body.user_id,
      userOrganizationIds: await userOrganizationsAmongVisibility(
        deps,
        caller,
        opportunity,
        body.user_id,
      ),
      now,
    }),
    metadata,
  });
};

/**
 * POST /api/unregister-opp: the caller for themselves, the host for a participant, an admin for
 * anyone. The 7-hour cut-off is decided from the stream and the clock, never from client flags.
 */
export const unregister = (
  deps: Deps,
  caller: Caller,
  body: Signup,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  runOnOpportunity(
    deps,
    body.opportunity_id,
    {
      type: 'UnregisterFromOpportunity',
      actor: caller,
      userId: body.user_id,
      now: deps.clock.now(),
    },
    metadata,
  );

/** PUT /api/attendance: once, after the start, by the host or an admin. */
export const markAttendance = (
  deps: Deps,
  caller: Caller,
  body: MarkAttendance,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  runOnOpportunity(
    deps,
    body.opportunity_id,
    {
      type: 'MarkAttendance',
      actor: caller,
      userIds: body.user_ids,
      durationMinutes: body.duration,
      now: deps.clock.now(),
    },
    metadata,
  );
