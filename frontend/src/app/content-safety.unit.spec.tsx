import type {
  OpportunityDetail,
  OrganizationDetail as OrganizationDetailBody,
  UserProfile,
} from '@campus/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpportunityDetailScreen } from '@/features/opportunities/components/opportunity-detail';
import { OrganizationDetail } from '@/features/organizations/components/organization-detail';
import { Profile } from '@/features/profile/components/profile';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { HOSTILE, PAYLOADS, SAFE_HREF, forgetPwned, pwned, unsafeIn } from '@/testing/hostile-text';
import { anOpportunity } from '@/testing/opportunity-fixtures';
import { renderWithProviders } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';

/**
 * Content safety: descriptions, announcements, bios and names are rendered as text everywhere,
 * and only http/https URLs become links. Hostile payloads (script, javascript:, HTML with event
 * handlers) go through the screens that show them; nothing may become an element, an event
 * handler or a non-http(s) link, and the payload must still read as text. The link rendering
 * itself is checked in features/opportunities/utils/content-safety.unit.spec.tsx.
 */
vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));
vi.mock('@/features/profile/components/points-chart', () => ({ PointsChart: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPwned();
});

describe('the opportunity screen renders hostile descriptions, announcements and names as text', () => {
  let api: ReturnType<typeof fakeApi>;
  let detail: OpportunityDetail;
  beforeEach(() => {
    api = fakeApi();
    detail = anOpportunity({
      name: `Cleanup ${PAYLOADS[0]}`,
      description: `About ${HOSTILE} https://good.example/more`,
      nonprofit: PAYLOADS[1],
      address: PAYLOADS[5],
      host_org_name: PAYLOADS[4],
      tags: [PAYLOADS[1]],
      announcements: [
        { id: 'a1', text: `Bring ${HOSTILE}`, posted_at: '2025-10-01T12:00:00.000Z' },
      ],
      host: {
        id: 'host-1',
        name: `Host ${PAYLOADS[1]}`,
        profile_image: null,
        email: 'host@university.edu',
      },
      involved_users: [
        {
          id: 'p1',
          name: `Pat ${PAYLOADS[0]}`,
          profile_image: null,
          organizationIds: [],
          registered: true,
          attended: false,
        },
      ],
      registered_count: 1,
      attendee_count: 1,
    });
    api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
    api.on('GET /api/opps/opp-1/is-full', () => ({ body: { is_full: false, slots_left: 9 } }));
  });

  it('shows every payload as text, with no element, handler or unsafe link', async () => {
    renderScreen(<OpportunityDetailScreen id="opp-1" />, { path: '/opportunity/opp-1' });
    expect(await screen.findByText(`Bring ${HOSTILE}`, { exact: false })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.body.textContent).toContain(`About ${HOSTILE}`);
    });
    expect(document.body.textContent).toContain(detail.name);
    expect(document.body.textContent).toContain(detail.host.name);
    expect(unsafeIn(document.body)).toEqual([]);
    for (const a of Array.from(document.querySelectorAll('a[href]'))) {
      expect(a.getAttribute('href')).toMatch(SAFE_HREF);
    }
    // The one real link of the description is a link.
    expect(document.querySelector('a[href="https://good.example/more"]')).not.toBeNull();
    expect(pwned()).toBeUndefined();
  });
});

describe('the profile screen renders hostile names and bios as text', () => {
  beforeEach(() => {
    const api = fakeApi();
    const profile: UserProfile = aUser({
      id: 'other-2',
      name: `Mallory ${PAYLOADS[1]}`,
      first_name: 'Mallory',
      last_name: PAYLOADS[1],
      bio: `Hi ${HOSTILE}`,
      organizations: [{ id: 'org-1', name: PAYLOADS[0] }],
      organizationIds: ['org-1'],
    });
    api.on('GET /api/users/other-2', () => ({ body: profile }));
    api.on('GET /api/users/other-2/friends', () => ({ body: [] }));
    api.on('GET /api/users/me-1/friendships/all', () => ({ body: [] }));
  });

  it('shows the name, bio and organization names as text, with no element, handler or unsafe link', async () => {
    renderWithProviders(
      <Profile userId="other-2" viewerId="me-1" viewerIsAdmin={false} onLogout={vi.fn()} />,
      { path: '/profile/other-2' },
    );
    await waitFor(() => {
      expect(document.body.textContent).toContain(`Hi ${HOSTILE}`);
    });
    expect(document.body.textContent).toContain(`Mallory ${PAYLOADS[1]}`);
    expect(document.body.textContent).toContain(PAYLOADS[0]);
    expect(unsafeIn(document.body)).toEqual([]);
    for (const a of Array.from(document.querySelectorAll('a[href]'))) {
      expect(a.getAttribute('href')).toMatch(SAFE_HREF);
    }
    expect(pwned()).toBeUndefined();
  });
});

describe('the organization screen renders hostile names and descriptions as text', () => {
  const ORG = '00000000-0000-4000-8000-0000000000a1';
  beforeEach(() => {
    const api = fakeApi();
    const organization: OrganizationDetailBody = {
      id: ORG,
      name: `Club ${PAYLOADS[0]}`,
      type: 'Other',
      description: `About us ${HOSTILE}`,
      approved: true,
      host_user_id: 'host-1',
      member_count: 1,
      date_created: '2025-09-20T12:00:00.000Z',
      host_user_name: `Host ${PAYLOADS[1]}`,
      is_member: false,
      total_points: 0,
      monthly_points: 0,
      month: '2025-10',
      rank: 1,
      monthly_rank: 1,
      members: [{ id: 'u-1', name: `Member ${PAYLOADS[5]}`, profile_image: null }],
    };
    api.on(`GET /api/orgs/${ORG}`, () => ({ body: organization }));
  });

  it('shows the name, description, host and member names as text', async () => {
    renderWithProviders(<OrganizationDetail organizationId={ORG} />, {
      session: { status: 'signedIn', email: 'me@university.edu', userId: 'me-1' },
    });
    await waitFor(() => {
      expect(document.body.textContent).toContain(`Club ${PAYLOADS[0]}`);
    });
    expect(document.body.textContent).toContain(`About us ${HOSTILE}`);
    expect(document.body.textContent).toContain(`Member ${PAYLOADS[5]}`);
    expect(unsafeIn(document.body)).toEqual([]);
    for (const a of Array.from(document.querySelectorAll('a[href]'))) {
      expect(a.getAttribute('href')).toMatch(SAFE_HREF);
    }
    expect(pwned()).toBeUndefined();
  });
});

describe('no screen renders user text as HTML', () => {
  // Every source file of the UI (tests included), read as text at build time.
  const sources = import.meta.glob<string>(['/src/**/*.ts', '/src/**/*.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('reads the sources it checks', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain(
      '/src/features/opportunities/components/linked-text.tsx',
    );
  });

  it('uses no HTML-injecting API anywhere (React text rendering only)', () => {
    const banned = [
      /dangerouslySetInnerHTML/,
      /\.innerHTML\s*=/,
      /\.outerHTML\s*=/,
      /insertAdjacentHTML/,
      /document\.write/,
      /new Function\(/,
      /\beval\(/,
    ];
    const offenders = Object.entries(sources)
      .filter(([path]) => !path.endsWith('content-safety.unit.spec.tsx'))
      .flatMap(([path, text]) =>
        banned
          .filter((pattern) => pattern.test(text))
          .map((pattern) => `${path}: ${pattern.source}`),
      );
    expect(offenders).toEqual([]);
  });
});
