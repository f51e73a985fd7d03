import {
  organizationMessages,
  texts,
  type EventOf,
  type OrganizationType,
  type UpdateOrganization,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { eventTypes, type Decider } from '../decider/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { assertActingForSelfOrAdmin } from '../http/authorization';

export type OrganizationEvent = EventOf<
  | 'OrganizationCreated'
  | 'OrganizationUpdated'
  | 'OrganizationApproved'
  | 'OrganizationUnapproved'
  | 'OrganizationDeleted'
  | 'MemberJoined'
  | 'MemberLeft'
>;

/** What the command side knows of one organization, folded from its stream. */
export type OrganizationState = {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly approved: boolean;
  readonly name: string;
  readonly type: OrganizationType;
  readonly description: string;
  readonly hostUserId: string | null;
  readonly members: ReadonlySet<string>;
};

export const initialOrganizationState = (): OrganizationState => ({
  exists: false,
  deleted: false,
  approved: false,
  name: '',
  type: 'Other',
  description: '',
  hostUserId: null,
  members: new Set(),
});

const evolveOrganization = (
  state: OrganizationState,
  event: OrganizationEvent,
): OrganizationState => {
  switch (event.type) {
    case 'OrganizationCreated':
      return {
        ...state,
        exists: true,
        approved: event.data.approved,
        name: event.data.name,
        type: event.data.type,
        description: event.data.description,
        hostUserId: event.data.hostUserId,
      };
    case 'OrganizationUpdated':
      return {
        ...state,
        ...(event.data.name !== undefined ? { name: event.data.name } : {}),
        ...(event.data.type !== undefined ? { type: event.data.type } : {}),
        ...(event.data.description !== undefined ? { description: event.data.description } : {}),
      };
    case 'OrganizationApproved':
      return { ...state, approved: true };
    case 'OrganizationUnapproved':
      return { ...state, approved: false };
    case 'OrganizationDeleted':
      return { ...state, deleted: true };
    case 'MemberJoined':
      return { ...state, members: new Set([...state.members, event.data.userId]) };
    case 'MemberLeft': {
      const members = new Set(state.members);
      members.delete(event.data.userId);
      return { ...state, members };
    }
    default:
      return state;
  }
};

/** A live organization: created and not deleted. */
export const isLiveOrganization = (state: OrganizationState) => state.exists && !state.deleted;

export type OrganizationCommand =
  | {
      readonly type: 'CreateOrganization';
      readonly organizationId: string;
      readonly name: string;
      readonly organizationType: OrganizationType;
      readonly description: string;
      readonly host: Caller;
      readonly createdAt: string;
    }
  | {
      readonly type: 'UpdateOrganization';
      readonly organizationId: string;
      readonly actor: Caller;
      readonly changes: UpdateOrganization;
    }
  | { readonly type: 'DeleteOrganization'; readonly organizationId: string; readonly actor: Caller }
  | {
      readonly type: 'JoinOrganization';
      readonly organizationId: string;
      readonly actor: Caller;
      readonly userId: string;
    }
  | {
      readonly type: 'LeaveOrganization';
      readonly organizationId: string;
      readonly actor: Caller;
      readonly userId: string;
    };

const assertLive = (state: OrganizationState) => {
  if (!isLiveOrganization(state)) throw new NotFoundError(texts.notFound.organization);
};

const decideUpdate = (
  command: Extract<OrganizationCommand, { type: 'UpdateOrganization' }>,
  state: OrganizationState,
): OrganizationEvent[] => {
  assertLive(state);
  const { actor, organizationId } = command;
  const { approved, ...edits } = command.changes;
  if (approved !== undefined && !actor.admin)
    throw new ForbiddenError(organizationMessages.onlyAdminsApprove);
  const editing =
    edits.name !== undefined || edits.type !== undefined || edits.description !== undefined;
  if (editing && !actor.admin && actor.userId !== state.hostUserId)
    throw new ForbiddenError(organizationMessages.onlyHostOrAdminEdits);

  const events: OrganizationEvent[] = [];
  const name = edits.name !== undefined && edits.name !== state.name ? edits.name : undefined;
  const type = edits.type !== undefined && edits.type !== state.type ? edits.type : undefined;
  const description =
    edits.description !== undefined && edits.description !== state.description
      ? edits.description
      : undefined;
  if (name !== undefined || type !== undefined || description !== undefined) {
    events.push({
      type: 'OrganizationUpdated',
      data: {
        v: 1,
        organizationId,
        ...(name !== undefined ? { name } : {}),
        ...(type !== undefined ? { type } : {}),
        ...(description !== undefined ? { description } : {}),
      },
    });
  }
  if (approved !== undefined && approved !== state.approved) {
    events.push({
      type: approved ? 'OrganizationApproved' : 'OrganizationUnapproved',
      data: { v: 1, organizationId },
    });
  }
  return events;
};

/**
 * One organization's stream: its creation, edits, approval, deletion and memberships. Name
 * uniqueness is the name reservation's job.
 */
export const organizationDecider: Decider<
  OrganizationState,
  OrganizationCommand,
  OrganizationEvent
> = {
  eventTypes: eventTypes<OrganizationEvent>({
    OrganizationCreated: true,
    OrganizationUpdated: true,
    OrganizationApproved: true,
    OrganizationUnapproved: true,
    OrganizationDeleted: true,
    MemberJoined: true,
    MemberLeft: true,
  }),
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: (command, state): OrganizationEvent[] => {
    switch (command.type) {
      case 'CreateOrganization': {
        // Only reachable when two creations race for one adopted reservation (see organization-name).
        if (state.exists) throw new ConflictError(organizationMessages.nameTaken);
        const { organizationId, host } = command;
        return [
          {
            type: 'OrganizationCreated',
            data: {
              v: 1,
              organizationId,
              name: command.name,
              type: command.organizationType,
              description: command.description,
              hostUserId: host.userId,
              approved: host.admin,
              createdAt: command.createdAt,
            },
          },
          { type: 'MemberJoined', data: { v: 1, organizationId, userId: host.userId } },
        ];
      }
      case 'UpdateOrganization':
        return decideUpdate(command, state);
      case 'DeleteOrganization':
        assertLive(state);
        if (!command.actor.admin) throw new ForbiddenError(organizationMessages.onlyAdminsDelete);
        return [
          { type: 'OrganizationDeleted', data: { v: 1, organizationId: command.organizationId } },
        ];
      case 'JoinOrganization': {
        assertActingForSelfOrAdmin(command.actor, command.userId);
        assertLive(state);
        const mayJoinUnapproved = command.actor.admin || command.userId === state.hostUserId;
        if (!state.approved && !mayJoinUnapproved)
          throw new ForbiddenError(organizationMessages.awaitingApproval);
        if (state.members.has(command.userId)) return [];
        return [
          {
            type: 'MemberJoined',
            data: { v: 1, organizationId: command.organizationId, userId: command.userId },
          },
        ];
      }
      case 'LeaveOrganization':
        assertActingForSelfOrAdmin(command.actor, command.userId);
        assertLive(state);
        if (!state.members.has(command.userId)) return [];
        return [
          {
            type: 'MemberLeft',
            data: { v: 1, organizationId: command.organizationId, userId: command.userId },
          },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown organization command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
