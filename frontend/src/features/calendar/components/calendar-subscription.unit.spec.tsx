import { texts } from '@campus/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderScreen } from '@/testing/render-screen';
import { CalendarSubscriptionPanel } from './calendar-subscription';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const t = texts.calendar;
let api: ReturnType<typeof fakeApi>;
let token: string;

beforeEach(() => {
  api = fakeApi();
  token = 'user-1.first';
  api.on('GET /api/calendar/subscription', () => ({
    body: { path: `/api/calendar/feeds/${token}` },
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the calendar subscription panel', () => {
  it('shows the private feed address and resets it to a new one', async () => {
    api.on('POST /api/calendar/subscription/reset', () => {
      token = 'user-1.second';
      return { body: { success: true, id: 'user-1' } };
    });
    renderScreen(<CalendarSubscriptionPanel />);
    const address = await screen.findByRole('textbox', { name: t.subscriptionTitle });
    expect(address).toHaveValue(`${window.location.origin}/api/calendar/feeds/user-1.first`);

    await userEvent.setup().click(screen.getByRole('button', { name: t.reset }));
    expect(await screen.findByText(t.resetDone)).toBeInTheDocument();
    expect(await screen.findByDisplayValue(/user-1\.second$/)).toBe(address);
    expect(api.calls('POST', '/api/calendar/subscription/reset')).toHaveLength(1);
  });

  it('says so when the address cannot be loaded', async () => {
    api.on('GET /api/calendar/subscription', () => ({ status: 500, body: {} }));
    renderScreen(<CalendarSubscriptionPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
  });
});
