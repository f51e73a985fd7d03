import { friendshipIdOf } from '@campus/contracts';
import type { TestAccount, TestStack } from './stack';

/**
 * Data made through the real command routes over HTTP, as a browser would. Each helper fails the
 * test with the command's answer when it is refused.
 */
const expectStatus = (what: string, response: { status: number; text: string }, ok: number[]) => {
  if (!ok.includes(response.status))
    throw new Error(`${what}: ${String(response.status)} ${response.text}`);
};

export const createFixtures = (stack: TestStack) => {
  let counter = 0;

  const user = (label: string, names: { first?: string; last?: string; phone?: string } = {}) =>
    stack.registerUser(`${label}-${String(++counter)}@university.edu`, names);

  /** An organization created by `host` (its first member), approved by `admin` when given. */
  const organization = async (
    host: TestAccount,
    options: { name?: string; type?: string; admin?: TestAccount | null } = {},
  ): Promise<{ id: string; name: string }> => {
    const name = options.name ?? `Org ${String(++counter)}`;
    const created = await stack.command('post', '/api/orgs', host.token, {
      name,
      type: options.type ?? 'Community Service',
      description: `About ${name}`,
    });
    expectStatus(`creating ${name}`, created, [201]);
    const id = (created.body as { id: string }).id;
    if (options.admin) {
      const approved = await stack.command('put', `/api/orgs/${id}`, options.admin.token, {
        approved: true,
      });
      expectStatus(`approving ${name}`, approved, [200]);
    }
    return { id, name };
  };

  const join = async (account: TestAccount, organizationId: string) => {
    const response = await stack.command('post', '/api/register-org', account.token, {
      user_id: account.userId,
      organization_id: organizationId,
    });
    expectStatus('joining', response, [200, 201]);
  };

  const leave = async (account: TestAccount, organizationId: string) => {
    const response = await stack.command('post', '/api/unregister-org', account.token, {
      user_id: account.userId,
      organization_id: organizationId,
    });
    expectStatus('leaving', response, [200, 201]);
  };

  /** An opportunity hosted by `host` for `orgId`; approved by `admin` when given. */
  const opportunity = async (
    host: TestAccount,
    orgId: string,
    overrides: Record<string, unknown> = {},
    admin: TestAccount | null = null,
  ): Promise<string> => {
    const created = await stack.command('post', '/api/opps', host.token, {
      name: `Opportunity ${String(++counter)}`,
      description: 'Bring gloves and water.',
      date: '2026-03-10',
      time: '10:00',
      duration: 60,
      total_slots: 10,
      host_org_id: orgId,
      causes: ['Environment & Sustainability'],
      ...overrides,
    });
    expectStatus('creating an opportunity', created, [201]);
    const id = (created.body as { id: string }).id;
    if (admin) await approveOpportunity(admin, id);
    return id;
  };

  const approveOpportunity = async (admin: TestAccount, id: string, approved = true) => {
    const response = await stack.command('put', `/api/opps/${id}`, admin.token, { approved });
    expectStatus('approving an opportunity', response, [200]);
  };

  const signUp = async (account: TestAccount, opportunityId: string) => {
    const response = await stack.command('post', '/api/register-opp', account.token, {
      user_id: account.userId,
      opportunity_id: opportunityId,
    });
    expectStatus('signing up', response, [200, 201]);
  };

  const unregister = async (account: TestAccount, opportunityId: string) => {
    const response = await stack.command('post', '/api/unregister-opp', account.token, {
      user_id: account.userId,
      opportunity_id: opportunityId,
    });
    expectStatus('unregistering', response, [200, 201]);
  };

  const markAttendance = async (
    marker: TestAccount,
    opportunityId: string,
    attended: TestAccount[],
    duration: number,
  ) => {
    const response = await stack.command('put', '/api/attendance', marker.token, {
      opportunity_id: opportunityId,
      user_ids: attended.map((a) => a.userId),
      duration,
    });
    expectStatus('marking attendance', response, [200, 201]);
  };

  const announce = async (host: TestAccount, opportunityId: string, text: string) => {
    const response = await stack.command(
      'post',
      `/api/opps/${opportunityId}/announcements`,
      host.token,
      { text },
    );
    expectStatus('posting an announcement', response, [200, 201]);
  };

  const requestFriend = async (from: TestAccount, to: TestAccount) => {
    const response = await stack.command('post', `/api/users/${from.userId}/friends`, from.token, {
      receiver_id: to.userId,
    });
    expectStatus('requesting a friend', response, [200, 201]);
  };

  const acceptFriend = async (recipient: TestAccount, requester: TestAccount) => {
    const id = friendshipIdOf(recipient.userId, requester.userId);
    const response = await stack.command('put', `/api/friendships/${id}/accept`, recipient.token);
    expectStatus('accepting a friend', response, [200, 201]);
  };

  const befriend = async (a: TestAccount, b: TestAccount) => {
    await requestFriend(a, b);
    await acceptFriend(b, a);
  };

  /**
   * Service hours `account` logs off the platform (docs/service-hours.md), for a platform
   * organization (its id) or an outside one (`{ outside: name }`); answers the log's id.
   */
  const logHours = async (
    account: TestAccount,
    organization: string | { outside: string },
    overrides: Record<string, unknown> = {},
  ): Promise<string> => {
    const response = await stack.command('post', '/api/hours', account.token, {
      ...(typeof organization === 'string'
        ? { organization_id: organization }
        : { outside_organization: organization.outside }),
      date: '2026-03-01',
      minutes: 60,
      cause: 'Education',
      description: 'Shelved returned books at the library.',
      verifier_name: 'Lee Librarian',
      verifier_email: 'lee.librarian@example.org',
      ...overrides,
    });
    expectStatus('logging hours', response, [201]);
    return (response.body as { id: string }).id;
  };

  /** `verifier` approves or rejects a log (a rejection needs a reason). */
  const decideHours = async (
    verifier: TestAccount,
    logId: string,
    decision: 'approve' | 'reject',
    reason: string | null = null,
  ) => {
    const response = await stack.command('post', `/api/hours/${logId}/decision`, verifier.token, {
      decision,
      ...(reason === null ? {} : { reason }),
    });
    expectStatus('deciding hours', response, [200]);
  };

  return {
    user,
    organization,
    join,
    leave,
    opportunity,
    approveOpportunity,
    signUp,
    unregister,
    markAttendance,
    announce,
    requestFriend,
    acceptFriend,
    befriend,
    logHours,
    decideHours,
  };
};
export type Fixtures = ReturnType<typeof createFixtures>;
