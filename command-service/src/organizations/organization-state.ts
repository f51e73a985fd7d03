import type { DomainEvent, OrganizationType } from '@campus/contracts';

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

export const evolveOrganization = (
  state: OrganizationState,
  event: DomainEvent,
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
