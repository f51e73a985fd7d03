import { describe, expect, it } from 'vitest';
import { organizationMessages, texts, type UpdateOrganization } from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import {
  organizationDecider,
  type OrganizationCommand,
  type OrganizationEvent,
} from './organization-decider';

const ORG = '0b6c2a53-3f0e-4c55-9b4e-6f7e0f1b2c3d';
const host: Caller = { userId: '6f1c1b84-7f55-4d1b-9c55-0a6f4c1d2e3f', admin: false };
const admin: Caller = { userId: 'a1b2c3d4-0000-4000-8000-000000000001', admin: true };
const student: Caller = { userId: 'b1b2c3d4-0000-4000-8000-000000000002', admin: false };

const created = (approved: boolean): OrganizationEvent[] => [
  {
    type: 'OrganizationCreated',
    data: {
      v: 1,
      organizationId: ORG,
      name: 'Chess Club',
      type: 'Other',
      description: 'We play chess.',
      hostUserId: host.userId,
      approved,
      createdAt: '2026-03-02T15:00:00.000Z',
    },
  },
  { type: 'MemberJoined', data: { v: 1, organizationId: ORG, userId: host.userId } },
];
const deleted: OrganizationEvent = {
  type: 'OrganizationDeleted',
  data: { v: 1, organizationId: ORG },
};

/** Given events, when command: the events decided (or the error thrown). */
const spec = deciderSpec(organizationDecider);

const update = (actor: Caller, changes: UpdateOrganization) =>
  ({ type: 'UpdateOrganization', organizationId: ORG, actor, changes }) as const;
const join = (actor: Caller, userId: string) =>
  ({ type: 'JoinOrganization', organizationId: ORG, actor, userId }) as const;
const leave = (actor: Caller, userId: string) =>
  ({ type: 'LeaveOrganization', organizationId: ORG, actor, userId }) as const;

describe('organization decider: create', () => {
  const create = (creator: Caller): OrganizationCommand => ({
    type: 'CreateOrganization',
    organizationId: ORG,
    name: 'Chess Club',
    organizationType: 'Other',
    description: 'We play chess.',
    host: creator,
    createdAt: '2026-03-02T15:00:00.000Z',
  });

  it('given nothing, when a student creates, then an unapproved organization hosted and joined by them', () => {
    spec.given().when(create(host)).then(created(false));
  });

  it('given nothing, when an admin creates, then it is approved at once', () => {
    spec
      .given()
      .when(create(admin))
      .then((events) => {
        expect(events[0]).toMatchObject({
          type: 'OrganizationCreated',
          data: { approved: true, hostUserId: admin.userId },
        });
        expect(events[1]).toEqual({
          type: 'MemberJoined',
          data: { v: 1, organizationId: ORG, userId: admin.userId },
        });
      });
  });

  it('given the organization exists, when created again, then the name is taken', () => {
    spec
      .given(created(false))
      .when(create(student))
      .thenThrows(ConflictError, organizationMessages.nameTaken);
  });
});

describe('organization decider: approval', () => {
  it('given an unapproved organization, when an admin approves, then OrganizationApproved', () => {
    spec
      .given(created(false))
      .when(update(admin, { approved: true }))
      .then([{ type: 'OrganizationApproved', data: { v: 1, organizationId: ORG } }]);
  });

  it('given an approved organization, when an admin unapproves, then OrganizationUnapproved', () => {
    spec
      .given(created(true))
      .when(update(admin, { approved: false }))
      .then([{ type: 'OrganizationUnapproved', data: { v: 1, organizationId: ORG } }]);
  });

  it('given an approved organization, when an admin approves again, then nothing', () => {
    spec
      .given(created(true))
      .when(update(admin, { approved: true }))
      .thenNothingHappened();
  });

  it('only admins approve or unapprove, the host included', () => {
    for (const actor of [host, student]) {
      spec
        .given(created(false))
        .when(update(actor, { approved: true }))
        .thenThrows(ForbiddenError, organizationMessages.onlyAdminsApprove);
      spec
        .given(created(true))
        .when(update(actor, { approved: true }))
        .thenThrows(ForbiddenError);
    }
  });
});

describe('organization decider: edits', () => {
  it('given an organization, when its host edits, then OrganizationUpdated with the changed fields only', () => {
    spec
      .given(created(false))
      .when(update(host, { name: 'Chess Society', type: 'Other', description: 'We play chess.' }))
      .then([
        { type: 'OrganizationUpdated', data: { v: 1, organizationId: ORG, name: 'Chess Society' } },
      ]);
  });

  it('an admin edits any organization, and approves in the same request', () => {
    spec
      .given(created(false))
      .when(update(admin, { type: 'Cultural', description: '', approved: true }))
      .then([
        {
          type: 'OrganizationUpdated',
          data: { v: 1, organizationId: ORG, type: 'Cultural', description: '' },
        },
        { type: 'OrganizationApproved', data: { v: 1, organizationId: ORG } },
      ]);
  });

  it('a change of case is a rename', () => {
    spec
      .given(created(true))
      .when(update(host, { name: 'chess club' }))
      .then([
        { type: 'OrganizationUpdated', data: { v: 1, organizationId: ORG, name: 'chess club' } },
      ]);
  });

  it('given an organization, when nothing differs, then nothing', () => {
    spec
      .given(created(true))
      .when(update(host, { name: 'Chess Club', type: 'Other' }))
      .thenNothingHappened();
  });

  it('remembers earlier edits', () => {
    const renamed: OrganizationEvent = {
      type: 'OrganizationUpdated',
      data: { v: 1, organizationId: ORG, name: 'Chess Society', description: 'New.' },
    };
    spec
      .given([...created(true), renamed])
      .when(update(host, { name: 'Chess Society', description: 'New.' }))
      .thenNothingHappened();
  });

  it('others than the host and admins cannot edit, even to the same value', () => {
    spec
      .given(created(true))
      .when(update(student, { name: 'Chess Club' }))
      .thenThrows(ForbiddenError, organizationMessages.onlyHostOrAdminEdits);
  });

  it('given no organization or a deleted one, when edited, then not found', () => {
    const notFound = texts.notFound.organization;
    spec
      .given()
      .when(update(admin, { name: 'X' }))
      .thenThrows(NotFoundError, notFound);
    spec
      .given([...created(true), deleted])
      .when(update(admin, { approved: false }))
      .thenThrows(NotFoundError, notFound);
  });
});

describe('organization decider: delete', () => {
  const remove = (actor: Caller): OrganizationCommand => ({
    type: 'DeleteOrganization',
    organizationId: ORG,
    actor,
  });

  it('given an organization, when an admin deletes it, then OrganizationDeleted', () => {
    spec.given(created(false)).when(remove(admin)).then([deleted]);
  });

  it('the host cannot delete', () => {
    spec
      .given(created(false))
      .when(remove(host))
      .thenThrows(ForbiddenError, organizationMessages.onlyAdminsDelete);
  });

  it('given it was deleted, when deleted again, then not found', () => {
    spec
      .given([...created(false), deleted])
      .when(remove(admin))
      .thenThrows(NotFoundError);
  });
});

describe('organization decider: membership', () => {
  const joined: OrganizationEvent = {
    type: 'MemberJoined',
    data: { v: 1, organizationId: ORG, userId: student.userId },
  };
  const left: OrganizationEvent = {
    type: 'MemberLeft',
    data: { v: 1, organizationId: ORG, userId: student.userId },
  };

  it('given an approved organization, when a student joins, then MemberJoined', () => {
    spec.given(created(true)).when(join(student, student.userId)).then([joined]);
  });

  it('given a member, when they join again, then nothing', () => {
    spec
      .given([...created(true), joined])
      .when(join(student, student.userId))
      .thenNothingHappened();
  });

  it('given a member, when they leave, then MemberLeft; leaving again is nothing', () => {
    spec
      .given([...created(true), joined])
      .when(leave(student, student.userId))
      .then([left]);
    spec
      .given([...created(true), joined, left])
      .when(leave(student, student.userId))
      .thenNothingHappened();
  });

  it('given a student left, when they join again, then MemberJoined', () => {
    spec
      .given([...created(true), joined, left])
      .when(join(student, student.userId))
      .then([joined]);
  });

  it('given an unapproved organization, a student cannot join', () => {
    spec
      .given(created(false))
      .when(join(student, student.userId))
      .thenThrows(ForbiddenError, organizationMessages.awaitingApproval);
  });

  it('given an unapproved organization, its host and admins may join, and an admin may add a student', () => {
    const hostLeft: OrganizationEvent = {
      type: 'MemberLeft',
      data: { v: 1, organizationId: ORG, userId: host.userId },
    };
    spec
      .given([...created(false), hostLeft])
      .when(join(host, host.userId))
      .then((events) => expect(events).toHaveLength(1));
    spec
      .given(created(false))
      .when(join(admin, admin.userId))
      .then((events) => expect(events).toHaveLength(1));
    spec.given(created(false)).when(join(admin, student.userId)).then([joined]);
  });

  it('a student cannot join or leave for someone else', () => {
    spec.given(created(true)).when(join(student, host.userId)).thenThrows(ForbiddenError);
    spec.given(created(true)).when(leave(student, host.userId)).thenThrows(ForbiddenError);
  });

  it('an admin removes a member', () => {
    spec
      .given([...created(true), joined])
      .when(leave(admin, student.userId))
      .then([left]);
  });

  it('given no organization or a deleted one, joining and leaving are not found', () => {
    spec.given().when(join(student, student.userId)).thenThrows(NotFoundError);
    spec
      .given([...created(true), joined, deleted])
      .when(leave(student, student.userId))
      .thenThrows(NotFoundError);
  });
});
