import { describe, expect, it } from 'vitest';
import {
  organizationMessages,
  texts,
  type DomainEvent,
  type UpdateOrganization,
} from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError, type Caller } from '@campus/infra';
import { organizationDecider, type OrganizationCommand } from './organization-decider';

const ORG = '0b6c2a53-3f0e-4c55-9b4e-6f7e0f1b2c3d';
const host: Caller = { userId: '6f1c1b84-7f55-4d1b-9c55-0a6f4c1d2e3f', admin: false };
const admin: Caller = { userId: 'a1b2c3d4-0000-4000-8000-000000000001', admin: true };
const student: Caller = { userId: 'b1b2c3d4-0000-4000-8000-000000000002', admin: false };

const created = (approved: boolean): DomainEvent[] => [
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
const deleted: DomainEvent = { type: 'OrganizationDeleted', data: { v: 1, organizationId: ORG } };

/** Given events, when command: the events decided (or the error thrown). */
const when = (given: DomainEvent[], command: OrganizationCommand) =>
  organizationDecider.decide(
    command,
    given.reduce(organizationDecider.evolve, organizationDecider.initialState()),
  );

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
    expect(when([], create(host))).toEqual(created(false));
  });

  it('given nothing, when an admin creates, then it is approved at once', () => {
    const events = when([], create(admin));
    expect(events[0]).toMatchObject({
      type: 'OrganizationCreated',
      data: { approved: true, hostUserId: admin.userId },
    });
    expect(events[1]).toEqual({
      type: 'MemberJoined',
      data: { v: 1, organizationId: ORG, userId: admin.userId },
    });
  });

  it('given the organization exists, when created again, then the name is taken', () => {
    expect(() => when(created(false), create(student))).toThrow(
      new ConflictError(organizationMessages.nameTaken),
    );
  });
});

describe('organization decider: approval', () => {
  it('given an unapproved organization, when an admin approves, then OrganizationApproved', () => {
    expect(when(created(false), update(admin, { approved: true }))).toEqual([
      { type: 'OrganizationApproved', data: { v: 1, organizationId: ORG } },
    ]);
  });

  it('given an approved organization, when an admin unapproves, then OrganizationUnapproved', () => {
    expect(when(created(true), update(admin, { approved: false }))).toEqual([
      { type: 'OrganizationUnapproved', data: { v: 1, organizationId: ORG } },
    ]);
  });

  it('given an approved organization, when an admin approves again, then nothing', () => {
    expect(when(created(true), update(admin, { approved: true }))).toEqual([]);
  });

  it('only admins approve or unapprove, the host included', () => {
    for (const actor of [host, student]) {
      expect(() => when(created(false), update(actor, { approved: true }))).toThrow(
        new ForbiddenError(organizationMessages.onlyAdminsApprove),
      );
      expect(() => when(created(true), update(actor, { approved: true }))).toThrow(ForbiddenError);
    }
  });
});

describe('organization decider: edits', () => {
  it('given an organization, when its host edits, then OrganizationUpdated with the changed fields only', () => {
    expect(
      when(
        created(false),
        update(host, { name: 'Chess Society', type: 'Other', description: 'We play chess.' }),
      ),
    ).toEqual([
      { type: 'OrganizationUpdated', data: { v: 1, organizationId: ORG, name: 'Chess Society' } },
    ]);
  });

  it('an admin edits any organization, and approves in the same request', () => {
    expect(
      when(created(false), update(admin, { type: 'Cultural', description: '', approved: true })),
    ).toEqual([
      {
        type: 'OrganizationUpdated',
        data: { v: 1, organizationId: ORG, type: 'Cultural', description: '' },
      },
      { type: 'OrganizationApproved', data: { v: 1, organizationId: ORG } },
    ]);
  });

  it('a change of case is a rename', () => {
    expect(when(created(true), update(host, { name: 'chess club' }))).toEqual([
      { type: 'OrganizationUpdated', data: { v: 1, organizationId: ORG, name: 'chess club' } },
    ]);
  });

  it('given an organization, when nothing differs, then nothing', () => {
    expect(when(created(true), update(host, { name: 'Chess Club', type: 'Other' }))).toEqual([]);
  });

  it('remembers earlier edits', () => {
    const renamed: DomainEvent = {
      type: 'OrganizationUpdated',
      data: { v: 1, organizationId: ORG, name: 'Chess Society', description: 'New.' },
    };
    expect(
      when(
        [...created(true), renamed],
        update(host, { name: 'Chess Society', description: 'New.' }),
      ),
    ).toEqual([]);
  });

  it('others than the host and admins cannot edit, even to the same value', () => {
    expect(() => when(created(true), update(student, { name: 'Chess Club' }))).toThrow(
      new ForbiddenError(organizationMessages.onlyHostOrAdminEdits),
    );
  });

  it('given no organization or a deleted one, when edited, then not found', () => {
    const notFound = new NotFoundError(texts.notFound.organization);
    expect(() => when([], update(admin, { name: 'X' }))).toThrow(notFound);
    expect(() => when([...created(true), deleted], update(admin, { approved: false }))).toThrow(
      notFound,
    );
  });
});

describe('organization decider: delete', () => {
  const remove = (actor: Caller): OrganizationCommand => ({
    type: 'DeleteOrganization',
    organizationId: ORG,
    actor,
  });

  it('given an organization, when an admin deletes it, then OrganizationDeleted', () => {
    expect(when(created(false), remove(admin))).toEqual([deleted]);
  });

  it('the host cannot delete', () => {
    expect(() => when(created(false), remove(host))).toThrow(
      new ForbiddenError(organizationMessages.onlyAdminsDelete),
    );
  });

  it('given it was deleted, when deleted again, then not found', () => {
    expect(() => when([...created(false), deleted], remove(admin))).toThrow(NotFoundError);
  });
});

describe('organization decider: membership', () => {
  const joined: DomainEvent = {
    type: 'MemberJoined',
    data: { v: 1, organizationId: ORG, userId: student.userId },
  };
  const left: DomainEvent = {
    type: 'MemberLeft',
    data: { v: 1, organizationId: ORG, userId: student.userId },
  };

  it('given an approved organization, when a student joins, then MemberJoined', () => {
    expect(when(created(true), join(student, student.userId))).toEqual([joined]);
  });

  it('given a member, when they join again, then nothing', () => {
    expect(when([...created(true), joined], join(student, student.userId))).toEqual([]);
  });

  it('given a member, when they leave, then MemberLeft; leaving again is nothing', () => {
    expect(when([...created(true), joined], leave(student, student.userId))).toEqual([left]);
    expect(when([...created(true), joined, left], leave(student, student.userId))).toEqual([]);
  });

  it('given a student left, when they join again, then MemberJoined', () => {
    expect(when([...created(true), joined, left], join(student, student.userId))).toEqual([joined]);
  });

  it('given an unapproved organization, a student cannot join', () => {
    expect(() => when(created(false), join(student, student.userId))).toThrow(
      new ForbiddenError(organizationMessages.awaitingApproval),
    );
  });

  it('given an unapproved organization, its host and admins may join, and an admin may add a student', () => {
    const hostLeft: DomainEvent = {
      type: 'MemberLeft',
      data: { v: 1, organizationId: ORG, userId: host.userId },
    };
    expect(when([...created(false), hostLeft], join(host, host.userId))).toHaveLength(1);
    expect(when(created(false), join(admin, admin.userId))).toHaveLength(1);
    expect(when(created(false), join(admin, student.userId))).toEqual([joined]);
  });

  it('a student cannot join or leave for someone else', () => {
    expect(() => when(created(true), join(student, host.userId))).toThrow(ForbiddenError);
    expect(() => when(created(true), leave(student, host.userId))).toThrow(ForbiddenError);
  });

  it('an admin removes a member', () => {
    expect(when([...created(true), joined], leave(admin, student.userId))).toEqual([left]);
  });

  it('given no organization or a deleted one, joining and leaving are not found', () => {
    expect(() => when([], join(student, student.userId))).toThrow(NotFoundError);
    expect(() => when([...created(true), joined, deleted], leave(student, student.userId))).toThrow(
      NotFoundError,
    );
  });
});
