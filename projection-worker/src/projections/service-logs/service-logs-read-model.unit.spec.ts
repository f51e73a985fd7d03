import { randomUUID } from 'node:crypto';
import type { Sealed } from '@campus/contracts';
import { createLogger, type Logger, type PersonalDataVault } from '@campus/infra';
import { describe, expect, it } from 'vitest';
import { copyRecordingClient } from '../bulk-recording';
import {
  serviceHoursApproved,
  serviceHoursLogged,
  serviceHoursRejected,
  signedUp,
  unopenedSeal,
  userErased,
} from '../../testing/events';
import { liveBatch, projected, readModelSpec, specContext } from '../../testing/read-model-spec';
import { serviceLogsModel, type ServiceLogsState } from './service-logs-read-model';

const ann = randomUUID();
const ben = randomUUID();
const host = randomUUID();
const pantry = randomUUID();

const rows = (state: ServiceLogsState) => [...state.logs.values()].map((log) => log.row);
const spec = readModelSpec(serviceLogsModel);

/** A sealed blob the stand-in vault opens to `data` (its `data` field names the entry). */
const sealedAs = (subject: string, key: string): Sealed => ({
  ...unopenedSeal(subject),
  data: key,
});

/**
 * A vault that opens the blobs sealedAs made from `contents` (by their key), and nothing of an
 * erased subject: what the write opens through it.
 */
const standInVault = (
  contents: Record<string, unknown>,
  erased: readonly string[] = [],
): PersonalDataVault & { readonly prefetched: string[][] } => {
  const prefetched: string[][] = [];
  return {
    prefetched,
    seal: () => Promise.reject(new Error('not in this test')),
    erase: () => Promise.reject(new Error('not in this test')),
    prefetch: (subjects) => {
      prefetched.push([...subjects]);
      return Promise.resolve();
    },
    open: (sealed, schema) => {
      if (erased.includes(sealed.subject)) return Promise.resolve(null);
      const parsed = schema.safeParse(contents[sealed.data]);
      return Promise.resolve(parsed.success ? parsed.data : null);
    },
  };
};

/** A logger keeping every call's arguments, to check what a warning carries. */
const keepingLogger = (calls: unknown[][]): Logger => {
  const logger = createLogger('service-logs-spec', 'silent');
  logger.warn = (...args: unknown[]) => {
    calls.push(args);
  };
  return logger;
};

describe('service logs read model', () => {
  it('holds a pending row for a log, its personal data still sealed', () => {
    const personal = unopenedSeal(ann);
    const logged = serviceHoursLogged({
      userId: ann,
      outsideOrganization: 'Town Food Bank',
      date: '2026-02-20',
      minutes: 120,
      personal,
      at: '2026-02-21T15:00:00.000Z',
    });
    spec
      .given()
      .when(logged)
      .then(({ state, warnings }) => {
        expect(rows(state)).toEqual([
          {
            id: logged.logId,
            user_id: ann,
            organization_id: null,
            outside_organization: 'Town Food Bank',
            service_date: '2026-02-20',
            month: '2026-02',
            minutes: 120,
            cause: 'Food Security and Hunger Relief',
            description: null,
            verifier_name: null,
            verifier_email: null,
            photo: null,
            status: 'pending',
            logged_at: '2026-02-21T15:00:00.000Z',
            decided_at: null,
            decided_by: null,
            reason: null,
            erased: false,
          },
        ]);
        expect(state.logs.get(logged.logId)?.personal).toEqual(personal);
        expect(warnings).toEqual([]);
      });
  });

  it('names a platform organization and no outside one', () => {
    spec
      .given()
      .when(serviceHoursLogged({ userId: ann, organizationId: pantry }))
      .then(({ state }) => {
        expect(rows(state)).toMatchObject([
          { organization_id: pantry, outside_organization: null },
        ]);
      });
  });

  it('records an approval once: status, who and when, and its sealed reason', () => {
    const logged = serviceHoursLogged({ userId: ann, organizationId: pantry });
    const reason = unopenedSeal(ann);
    spec
      .given(logged)
      .when(
        serviceHoursApproved(logged, { verifiedBy: host, reason, at: '2026-03-01T12:00:00.000Z' }),
      )
      .then(({ state, warnings }) => {
        expect(rows(state)).toMatchObject([
          {
            status: 'approved',
            decided_by: host,
            decided_at: '2026-03-01T12:00:00.000Z',
            reason: null,
          },
        ]);
        expect(state.logs.get(logged.logId)?.reason).toEqual(reason);
        expect(warnings).toEqual([]);
      });
  });

  it('records a rejection', () => {
    const logged = serviceHoursLogged({ userId: ann });
    spec
      .given(logged)
      .when(serviceHoursRejected(logged, { verifiedBy: host }))
      .then(({ state }) => {
        expect(rows(state)).toMatchObject([{ status: 'rejected', decided_by: host }]);
      });
  });

  it('keeps the first decision: a second one is skipped with a warning, the same one again silently', () => {
    const logged = serviceHoursLogged({ userId: ann });
    const approved = serviceHoursApproved(logged, { verifiedBy: host });
    spec
      .given(logged, approved)
      .when(serviceHoursRejected(logged, { verifiedBy: ben }), approved)
      .then(({ state, warnings }) => {
        expect(rows(state)).toMatchObject([{ status: 'approved', decided_by: host }]);
        expect(warnings).toEqual(['second decision on a service log skipped']);
      });
  });

  it('skips a decision on a log it does not hold, with a warning that carries no event data', () => {
    const calls: unknown[][] = [];
    const logged = serviceHoursLogged({ userId: ann, outsideOrganization: 'Secret Shelter' });
    const approved = serviceHoursApproved(logged, { verifiedBy: host });
    readModelSpec(serviceLogsModel, { logger: keepingLogger(calls) })
      .given()
      .when(approved)
      .then(({ state }) => {
        expect(state.logs.size).toBe(0);
        expect(calls).toEqual([
          [{ eventId: approved.event.eventId }, 'decision on an unknown service log skipped'],
        ]);
      });
  });

  it("drops the personal fields of an erased student's logs, and only theirs", () => {
    const annLog = serviceHoursLogged({ userId: ann });
    const benLog = serviceHoursLogged({ userId: ben });
    spec
      .given(annLog, benLog, serviceHoursRejected(annLog, { verifiedBy: host }))
      .when(userErased(ann))
      .then(({ state }) => {
        const annHeld = state.logs.get(annLog.logId);
        expect(annHeld?.row).toMatchObject({ erased: true, description: null, reason: null });
        expect(annHeld?.personal).toBeNull();
        expect(annHeld?.reason).toBeNull();
        expect(state.logs.get(benLog.logId)?.row.erased).toBe(false);
        expect(state.logs.get(benLog.logId)?.personal).not.toBeNull();
      });
  });

  it("keeps no reason of a decision that comes after the student's erasure", () => {
    const logged = serviceHoursLogged({ userId: ann });
    spec
      .given(logged, userErased(ann))
      .when(serviceHoursApproved(logged, { verifiedBy: host }))
      .then(({ state }) => {
        expect(state.logs.get(logged.logId)?.row).toMatchObject({
          status: 'approved',
          erased: true,
        });
        expect(state.logs.get(logged.logId)?.reason).toBeNull();
      });
  });

  it('clamps a date that is no date and minutes past the longest attendance, with a warning naming the fields', () => {
    const calls: unknown[][] = [];
    const logged = serviceHoursLogged({
      userId: ann,
      date: '2026-02-30',
      minutes: 90_000,
      at: '2026-03-02T15:00:00.000Z',
    });
    readModelSpec(serviceLogsModel, { logger: keepingLogger(calls) })
      .given()
      .when(logged)
      .then(({ state }) => {
        expect(rows(state)).toMatchObject([
          { service_date: '2026-03-02', month: '2026-03', minutes: 1_499 },
        ]);
        expect(calls).toEqual([
          [{ eventId: logged.event.eventId, fields: ['date', 'minutes'] }, 'service log clamped'],
        ]);
      });
  });

  it('lands on the same rows when a log and its decision are delivered again', () => {
    const logged = serviceHoursLogged({ userId: ann });
    const approved = serviceHoursApproved(logged, { verifiedBy: host });
    spec.given(logged, approved).when(logged, approved).thenUnchanged(rows);
  });

  it('touches the logs a batch names and the students it erases, and nothing for other events', () => {
    const logged = serviceHoursLogged({ userId: ann });
    expect(serviceLogsModel.touched([projected(logged), projected(userErased(ben))])).toEqual({
      logIds: [logged.logId],
      userIds: [ben],
    });
    expect(serviceLogsModel.touched([projected(signedUp(pantry, ann))])).toBeNull();
  });

  it("live: loads the batch's logs and its erased students' logs, opens the sealed data and upserts the changed rows", async () => {
    const logged = serviceHoursLogged({ userId: ann, personal: sealedAs(ann, 'personal') });
    const vault = standInVault({
      personal: {
        description: 'Stacked shelves',
        verifierName: 'Vera',
        verifierEmail: 'vera@example.org',
        photo: '/files/a.png',
      },
      reason: { reason: 'Thanks!' },
    });
    const approved = serviceHoursApproved(logged, {
      verifiedBy: host,
      reason: sealedAs(ann, 'reason'),
    });
    const { sent } = await liveBatch(serviceLogsModel, [logged, approved, userErased(ben)], {
      context: { vault },
    });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.sql).toContain('FROM service_logs');
    expect(sent[0]?.params).toEqual([[logged.logId], [ben]]);
    expect(sent[1]?.sql).toContain('ON CONFLICT (id) DO UPDATE');
    expect(JSON.parse(sent[1]?.params[0] as string)).toEqual([
      expect.objectContaining({
        id: logged.logId,
        status: 'approved',
        description: 'Stacked shelves',
        verifier_name: 'Vera',
        verifier_email: 'vera@example.org',
        photo: '/files/a.png',
        reason: 'Thanks!',
      }),
    ]);
    // One query for the keys of every blob the batch opens.
    expect(vault.prefetched).toEqual([[ann, ann]]);
  });

  it('live: an erasure rewrites the loaded rows of the student without their personal fields', async () => {
    const loaded = {
      id: randomUUID(),
      user_id: ann,
      organization_id: pantry,
      outside_organization: null,
      service_date: '2026-02-20',
      month: '2026-02',
      minutes: 60,
      cause: 'Education',
      description: 'Tutoring',
      verifier_name: 'Vera',
      verifier_email: 'vera@example.org',
      photo: null,
      status: 'approved',
      logged_at: '2026-02-21T15:00:00.000Z',
      decided_at: '2026-02-22T15:00:00.000Z',
      decided_by: host,
      reason: 'Well done',
      erased: false,
    };
    const { sent } = await liveBatch(serviceLogsModel, [userErased(ann)], {
      answer: ({ sql }) => (sql.includes('FROM service_logs') ? [loaded] : []),
      context: { vault: standInVault({}) },
    });
    expect(JSON.parse(sent[1]?.params[0] as string)).toEqual([
      {
        ...loaded,
        description: null,
        verifier_name: null,
        verifier_email: null,
        photo: null,
        reason: null,
        erased: true,
      },
    ]);
  });

  it('a subject whose key is gone opens to null, and the row stores nulls', async () => {
    const logged = serviceHoursLogged({ userId: ann, personal: sealedAs(ann, 'personal') });
    const { sent } = await liveBatch(serviceLogsModel, [logged], {
      context: { vault: standInVault({ personal: { description: 'x' } }, [ann]) },
    });
    expect(JSON.parse(sent[1]?.params[0] as string)).toEqual([
      expect.objectContaining({ description: null, verifier_name: null, photo: null }),
    ]);
  });

  it('replay: writes every row held with one COPY, its sealed data opened', async () => {
    const logged = serviceHoursLogged({ userId: ann, personal: sealedAs(ann, 'personal') });
    const state = serviceLogsModel.initial();
    const context = specContext({
      vault: standInVault({
        personal: {
          description: 'Line\tbreak',
          verifierName: 'V',
          verifierEmail: 'v@e.org',
          photo: null,
        },
      }),
    });
    serviceLogsModel.evolve(state, projected(logged), context);
    const { client, sent } = copyRecordingClient();
    await serviceLogsModel.bulkWrite(client, state, context);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.sql).toMatch(/^COPY service_logs \(id, user_id, .*, erased\) FROM STDIN$/);
    const columns = /\((.*)\)/.exec(sent[0]?.sql ?? '')?.[1]?.split(', ') ?? [];
    const values = (sent[0]?.params ?? []) as readonly (readonly (string | null)[])[];
    const row = Object.fromEntries(columns.map((c, i) => [c, values[i]?.[0]]));
    expect(row).toMatchObject({
      id: logged.logId,
      description: 'Line\tbreak',
      verifier_name: 'V',
      photo: null,
      status: 'pending',
      erased: 'f',
    });
  });
});
