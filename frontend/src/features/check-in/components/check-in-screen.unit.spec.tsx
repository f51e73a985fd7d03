import { checkInTexts } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { CheckInScreen } from './check-in-screen';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = checkInTexts;
const renderAt = (path: string) =>
  renderWithProviders(<CheckInScreen />, { path, routePath: '/check-in/:id' });

describe('the check-in screen', () => {
  it('checks the student in with the code of the link, once', async () => {
    const api = fakeApi();
    api.on('POST /api/opps/opp-1/check-in', () => ({
      body: {
        success: true,
        already_checked_in: false,
        opportunity_name: 'Riverside Park Cleanup',
      },
    }));
    renderAt('/check-in/opp-1?t=123.abc');
    const message = await screen.findByText(t.screen.success);
    const confirmation = message.closest<HTMLElement>('[role="status"]');
    expect(confirmation).not.toBeNull();
    expect(within(confirmation as HTMLElement).getByText('Riverside Park Cleanup')).toBeVisible();
    expect(api.calls('POST', '/api/opps/opp-1/check-in')).toHaveLength(1);
    expect(api.calls('POST', '/api/opps/opp-1/check-in')[0]?.body).toEqual({ token: '123.abc' });
    expect(screen.getByRole('link', { name: t.screen.toOpportunity })).toHaveAttribute(
      'href',
      '/opportunity/opp-1',
    );
  });

  it('says so when the student had already checked in', async () => {
    const api = fakeApi();
    api.on('POST /api/opps/opp-1/check-in', () => ({
      body: { success: true, already_checked_in: true, opportunity_name: 'Shelter Breakfast Crew' },
    }));
    renderAt('/check-in/opp-1?t=123.abc');
    const message = await screen.findByText(t.screen.already);
    expect(message.closest('[role="status"]')).toHaveTextContent(
      `Shelter Breakfast Crew${t.screen.already}`,
    );
  });

  it.each([
    [400, t.errors.expired],
    [400, t.errors.forged],
    [403, t.errors.notRegistered],
  ])('shows the server’s reason for a refusal (%i)', async (status, message) => {
    const api = fakeApi();
    api.on('POST /api/opps/opp-1/check-in', () => ({ status, body: { message } }));
    renderAt('/check-in/opp-1?t=123.abc');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(t.screen.success)).not.toBeInTheDocument();
  });

  it('sends nothing without a code', async () => {
    const api = fakeApi();
    renderAt('/check-in/opp-1');
    expect(await screen.findByText(t.screen.missingCode)).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });
});
