import { describe, expect, it } from 'vitest';
import { type Sealed, serviceHoursTexts } from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import {
  serviceLogDecider,
  type OrganizationFacts,
  type ServiceLogCommand,
  type ServiceLogEvent,
} from './service-log-decider';

const errors = serviceHoursTexts.errors;

const LOG = '5e7c1a00-0000-4000-8000-000000000001';
const ORG = '5e7c1a00-0000-4000-8000-0000000000c1';
const STUDENT = '5e7c1a00-0000-4000-8000-000000000101';
const HOST = '5e7c1a00-0000-4000-8000-0000000000a1';
const OTHER_HOST = '5e7c1a00-0000-4000-8000-0000000000a2';
const ADMIN_ID = '5e7c1a00-0000-4000-8000-0000000000ad';

const student = { userId: STUDENT, admin: false };
const host = { userId: HOST, admin: false };
const otherHost = { userId: OTHER_HOST, admin: false };
const admin = { userId: ADMIN_ID, admin: true };

/** 2026-03-02 10:00 Eastern. */
const NOW = new Date('2026-03-02T15:00:00.000Z');
const sealed = (tag: string): Sealed => ({ subject: STUDENT, iv: 'aXY=', data: tag, tag: 'dGFn' });
const PERSONAL = sealed('cGVyc29uYWw=');
const REASON = sealed('cmVhc29u');

const approvedOrg: OrganizationFacts = { live: true, approved: true, hostUserId: HOST };

const logOn = (
  overrides: Partial<Extract<ServiceLogCommand, { type: 'LogServiceHours' }>> = {},
): ServiceLogCommand => ({
  type: 'LogServiceHours',
  logId: LOG,
  actor: student,
  organization: { kind: 'platform', id: ORG, facts: approvedOrg },
  date: '2026-02-20',
  minutes: 90,
  cause: 'Education',
  personal: PERSONAL,
  now: NOW,
  ...overrides,
});

const logged = (organizationId: string | null = ORG): ServiceLogEvent => ({
  type: 'ServiceHoursLogged',
  data: {
    v: 1,
    logId: LOG,
    userId: STUDENT,
    organizationId,
    outsideOrganization: organizationId === null ? 'City Library' : null,
    date: '2026-02-20',
    minutes: 90,
    cause: 'Education',
    personal: PERSONAL,
    loggedAt: '2026-02-21T12:00:00.000Z',
  },
});

const decide = (
  actor: { userId: string; admin: boolean },
  overrides: Partial<Extract<ServiceLogCommand, { type: 'DecideServiceHours' }>> = {},
): ServiceLogCommand => ({
  type: 'DecideServiceHours',
  actor,
  decision: 'approve',
  organizationHostUserId: HOST,
  reason: REASON,
  now: NOW,
  ...overrides,
});

const approved: ServiceLogEvent = {
  type: 'ServiceHoursApproved',
  data: {
    v: 1,
    logId: LOG,
    userId: STUDENT,
    verifiedBy: HOST,
    organizationId: ORG,
    date: '2026-02-20',
    minutes: 90,
    cause: 'Education',
    reason: REASON,
    at: NOW.toISOString(),
  },
};
const rejected: ServiceLogEvent = {
  type: 'ServiceHoursRejected',
  data: {
    v: 1,
    logId: LOG,
    userId: STUDENT,
    verifiedBy: HOST,
    reason: REASON,
    at: NOW.toISOString(),
  },
};

const spec = deciderSpec(serviceLogDecider);

describe('the service log decider: logging', () => {
  it('logs hours for a platform organization, for the caller, at the clock time', () => {
    spec
      .given()
      .when(logOn())
      .then([
        {
          type: 'ServiceHoursLogged',
          data: {
            v: 1,
            logId: LOG,
            userId: STUDENT,
            organizationId: ORG,
            outsideOrganization: null,
            date: '2026-02-20',
            minutes: 90,
            cause: 'Education',
            personal: PERSONAL,
            loggedAt: NOW.toISOString(),
          },
        },
      ]);
  });

  it('logs hours for an outside organization by name', () => {
    spec
      .given()
      .when(logOn({ organization: { kind: 'outside', name: 'City Library' } }))
      .then((events) => {
        expect(events[0]?.data).toMatchObject({
          organizationId: null,
          outsideOrganization: 'City Library',
        });
      });
  });

  it('refuses a date after the Eastern today, and takes today', () => {
    // 2026-03-03 02:00 UTC is still 2026-03-02 in Eastern time.
    const lateEvening = new Date('2026-03-03T02:00:00.000Z');
    spec
      .given()
      .when(logOn({ date: '2026-03-03', now: lateEvening }))
      .thenThrows(ValidationError, errors.futureDate, (error) => {
        expect(error.fieldErrors).toEqual([{ field: 'date', message: errors.futureDate }]);
      });
    spec
      .given()
      .when(logOn({ date: '2026-03-02', now: lateEvening }))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('takes a date 365 days back and refuses one 366 days back', () => {
    spec
      .given()
      .when(logOn({ date: '2025-03-02' }))
      .then((events) => expect(events).toHaveLength(1));
    spec
      .given()
      .when(logOn({ date: '2025-03-01' }))
      .thenThrows(ValidationError, errors.tooOld, (error) => {
        expect(error.fieldErrors).toEqual([{ field: 'date', message: errors.tooOld }]);
      });
  });

  it('refuses a missing, deleted or unapproved platform organization, naming organization_id', () => {
    const on = (facts: OrganizationFacts) =>
      logOn({ organization: { kind: 'platform', id: ORG, facts } });
    for (const facts of [
      { live: false, approved: false, hostUserId: null },
      { live: false, approved: true, hostUserId: HOST },
    ])
      spec
        .given()
        .when(on(facts))
        .thenThrows(ValidationError, errors.organizationNotFound, (error) => {
          expect(error.fieldErrors).toEqual([
            { field: 'organization_id', message: errors.organizationNotFound },
          ]);
        });
    spec
      .given()
      .when(on({ live: true, approved: false, hostUserId: HOST }))
      .thenThrows(ValidationError, errors.organizationNotApproved, (error) => {
        expect(error.fieldErrors?.map((f) => f.field)).toEqual(['organization_id']);
      });
  });

  it('never logs twice on one stream', () => {
    spec.given([logged()]).when(logOn()).thenThrows(ConflictError);
  });
});

describe('the service log decider: deciding', () => {
  it("lets the organization's host approve, repeating what the log says", () => {
    spec.given([logged()]).when(decide(host)).then([approved]);
  });

  it("lets the organization's host reject, with the sealed reason", () => {
    spec
      .given([logged()])
      .when(decide(host, { decision: 'reject' }))
      .then([rejected]);
  });

  it('lets an admin decide a platform or an outside log', () => {
    spec
      .given([logged()])
      .when(decide(admin))
      .then((events) => expect(events[0]?.data).toMatchObject({ verifiedBy: ADMIN_ID }));
    spec
      .given([logged(null)])
      .when(decide(admin, { organizationHostUserId: null, decision: 'reject' }))
      .then((events) => expect(events[0]?.type).toBe('ServiceHoursRejected'));
  });

  it('refuses the log of nobody with 404', () => {
    spec.given().when(decide(admin)).thenThrows(NotFoundError, errors.logNotFound);
  });

  it('refuses the student their own log, admins and hosts included', () => {
    spec.given([logged()]).when(decide(student)).thenThrows(ForbiddenError, errors.ownLog);
    spec
      .given([logged()])
      .when(decide({ userId: STUDENT, admin: true }))
      .thenThrows(ForbiddenError, errors.ownLog);
    // The student hosts the organization they logged hours with.
    spec
      .given([logged()])
      .when(decide(student, { organizationHostUserId: STUDENT }))
      .thenThrows(ForbiddenError, errors.ownLog);
  });

  it("refuses anyone but the organization's current host or an admin", () => {
    spec.given([logged()]).when(decide(otherHost)).thenThrows(ForbiddenError, errors.notVerifier);
    // A deleted organization (no host any more).
    spec
      .given([logged()])
      .when(decide(host, { organizationHostUserId: null }))
      .thenThrows(ForbiddenError, errors.notVerifier);
  });

  it('leaves an outside log to admins', () => {
    spec
      .given([logged(null)])
      .when(decide(host, { organizationHostUserId: null }))
      .thenThrows(ForbiddenError, errors.outsideNeedsAdmin);
  });

  it('decides a log once (409), and checks who asks before saying so', () => {
    for (const decision of [approved, rejected]) {
      spec
        .given([logged(), decision])
        .when(decide(admin, { decision: 'reject' }))
        .thenThrows(ConflictError, errors.alreadyDecided);
      spec
        .given([logged(), decision])
        .when(decide(otherHost))
        .thenThrows(ForbiddenError, errors.notVerifier);
    }
  });

  it('refuses to decide the log of an erased student (no key to seal the reason)', () => {
    spec
      .given([logged()])
      .when(decide(host, { reason: null }))
      .thenThrows(ConflictError, errors.studentErased);
  });
});
