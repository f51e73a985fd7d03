import { texts } from '@campus/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('test-id-token'),
  getFirebaseAuth: () => {
    throw new Error('Firebase is not used by these tests');
  },
}));

vi.mock('@/features/profile/components/profile', () => ({
  Profile: ({ userId }: { userId: string }) => <p>profile of {userId}</p>,
}));

const GRACE = '00000000-0000-4000-8000-0000000000aa';
const session = { status: 'signedIn', userId: 'viewer-1', email: 'me@university.edu' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile/{email}: the About page names team members by their address', () => {
  it("replaces the address with the user's id", async () => {
    const api = fakeApi();
    api.on('GET /api/users/email/grace.okafor@university.edu', () => ({
      body: aUser({ id: GRACE, email: 'grace.okafor@university.edu' }),
    }));
    renderWithProviders(<ProfileRoute />, {
      session,
      path: '/profile/grace.okafor%40university.edu',
      routePath: '/profile/:id',
    });
    expect(await screen.findByText(`profile of ${GRACE}`)).toBeInTheDocument();
    expect(api.calls('GET', '/api/users/email/grace.okafor%40university.edu')).toHaveLength(1);
  });

  it('says the user was not found for an unknown address', async () => {
    fakeApi();
    renderWithProviders(<ProfileRoute />, {
      session,
      path: '/profile/nobody%40university.edu',
      routePath: '/profile/:id',
    });
    expect(await screen.findByText(texts.notFound.user)).toBeInTheDocument();
  });

  it('shows an id as the profile itself, without a lookup', async () => {
    const api = fakeApi();
    renderWithProviders(<ProfileRoute />, {
      session,
      path: `/profile/${GRACE}`,
      routePath: '/profile/:id',
    });
    expect(await screen.findByText(`profile of ${GRACE}`)).toBeInTheDocument();
    expect(api.sent.filter((r) => r.path.includes('university.edu'))).toHaveLength(1);
    // Only the viewer's own lookup (for the admin flag), never one for the profile shown.
    expect(api.sent.filter((r) => r.path.includes('me%40university.edu'))).toHaveLength(1);
  });
});
