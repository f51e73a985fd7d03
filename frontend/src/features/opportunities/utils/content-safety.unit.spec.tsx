import type {
  OpportunityDetail,
  OrganizationDetail as OrganizationDetailBody,
  UserProfile,
} from '@campus/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrganizationDetail } from '@/features/organizations/components/organization-detail';
import { Profile } from '@/features/profile/components/profile';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { fakeApi } from '../../../testing/fake-api';
import { LinkedText } from '../components/linked-text';
import { OpportunityDetailScreen } from '../components/opportunity-detail';
import { anOpportunity } from '../testing/opportunity-fixtures';
import { renderScreen } from '../testing/render-screen';
import { linkify } from './linkify';

/**
 * Content safety: descriptions, announcements, bios and names are rendered as text everywhere,
 * and only http/https URLs become links. Hostile payloads (script, javascript:, HTML with event
 * handlers) go through the link rendering and the screens that show them; nothing may become an
 * element, an event handler or a non-http(s) link, and the payload must still read as text.
 */
vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));
vi.mock('@/features/profile/components/points-chart', () => ({ PointsChart: () => null }));

const PAYLOADS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  'javascript:window.__pwned=1',
  'JaVaScRiPt:alert(1)',
  '<a href="javascript:alert(1)">click me</a>',
  '"><svg onload=alert(1)>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '<b>bold</b> &amp; &lt;',
] as const;
const HOSTILE = PAYLOADS.join(' ');
/** Generated texts: FUZZ_RUNS, else 50 in CI and 200 locally. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? (process.env['CI'] === 'true' ? 50 : 200));

/** Everything under `root` that would run or inject: elements, handlers, unsafe links. */
const unsafeIn = (root: ParentNode): string[] => {
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'b'].includes(tag)) found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (attr.name.toLowerCase().startsWith('on')) found.push(`${tag}[${attr.name}]`);
    }
    const href = el.getAttribute('href') ?? el.getAttribute('src');
    if (href && /^\s*(javascript|data|vbscript):/i.test(href)) found.push(`${tag}: ${href}`);
  }
  return found;
};

/** Link targets a screen may use: http(s), mail and phone, and the app's own paths. */
const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i;

/** The visible text of a LinkedText paragraph (without the screen-reader "opens in new tab"). */
const visibleText = (p: Element) => {
  const clone = p.cloneNode(true) as Element;
  clone.querySelectorAll('.visually-hidden').forEach((n) => n.remove());
  return clone.textContent;
};

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { __pwned?: number }).__pwned;
});

describe('link rendering (linkify, LinkedText)', () => {
  it.each(PAYLOADS)('renders %s as text with no element or handler', (payload) => {
    const { container } = render(<LinkedText text={payload} />);
    const p = container.querySelector('p');
    expect(p).not.toBeNull();
    expect(visibleText(p as Element)).toBe(payload);
    expect(unsafeIn(container)).toEqual([]);
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('links http and https URLs only, opened safely', () => {
    const { container } = render(
      <LinkedText text="See https://example.org/a?b=1, http://x.test and javascript:alert(1) or data:text/html,hi" />,
    );
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/a?b=1',
      'http://x.test/',
    ]);
    for (const a of links) {
      expect(a.getAttribute('rel')).toContain('noopener');
      expect(a.getAttribute('target')).toBe('_blank');
    }
  });

  it('keeps an HTML payload glued to a URL out of the link', () => {
    const text =
      'https://ok.example/<script>alert(1)</script> and https://ok.example/"onmouseover="alert(1)';
    const { container } = render(<LinkedText text={text} />);
    expect(unsafeIn(container)).toEqual([]);
    expect(visibleText(container.querySelector('p') as Element)).toBe(text);
    for (const a of Array.from(container.querySelectorAll('a'))) {
      expect(a.getAttribute('href')).not.toMatch(/[<>"]/);
    }
  });

  it('generated text: every character stays as text and every link is http(s)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(...PAYLOADS),
      fc.webUrl(),
      fc.constantFrom('javascript:', 'http://', 'https://', 'HTTPS://A.B', '<', '>', '"', "'", ' '),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        const segments = linkify(text);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        for (const s of segments)
          if (s.kind === 'link') expect(new URL(s.href).protocol).toMatch(/^https?:$/);
        const { container, unmount } = render(<LinkedText text={text} />);
        expect(unsafeIn(container)).toEqual([]);
        expect(visibleText(container.querySelector('p') as Element)).toBe(text);
        unmount();
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
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
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
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
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
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
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
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
