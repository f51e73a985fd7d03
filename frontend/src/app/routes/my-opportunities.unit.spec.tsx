import { texts } from '@campus/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderScreen } from '@/testing/render-screen';
import { MyOpportunitiesRoute } from './my-opportunities';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const empty = { upcoming: [], past: [] };

beforeEach(() => {
  const api = fakeApi();
  api.on('GET /api/my-opportunities', () => ({
    body: { hosting: empty, registered: empty, all: null },
  }));
  api.on('GET /api/calendar/subscription', () => ({
    body: { path: '/api/calendar/feeds/user-1.first' },
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/my-opportunities', () => {
  it('shows the calendar subscription after the registered opportunities', async () => {
    renderScreen(<MyOpportunitiesRoute />, { path: '/my-opportunities' });
    const address = await screen.findByRole('textbox', { name: texts.calendar.subscriptionTitle });
    const registered = screen.getByRole('region', { name: texts.opportunities.mine.registered });
    expect(registered.compareDocumentPosition(address)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});
