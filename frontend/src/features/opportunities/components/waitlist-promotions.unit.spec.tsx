import { texts } from '@campus/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderScreen } from '@/testing/render-screen';
import { WaitlistPromotions } from './waitlist-promotions';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('waitlist promotions on the notifications page', () => {
  it('lists each promotion, linking to its opportunity', async () => {
    api.on('GET /api/waitlist/promotions', () => ({
      body: [
        {
          opportunity_id: 'opp-9',
          opportunity_name: 'Shelter dinner',
          starts_at: '2026-03-10T23:00:00.000Z',
          promoted_at: '2026-03-05T12:00:00.000Z',
        },
      ],
    }));
    renderScreen(<WaitlistPromotions />);
    const link = await screen.findByRole('link', {
      name: texts.waitlist.promotedNotice('Shelter dinner'),
    });
    expect(link).toHaveAttribute('href', '/opportunity/opp-9');
    expect(screen.getByRole('heading', { name: texts.waitlist.promotionsTitle })).toBeVisible();
  });

  it('shows nothing without promotions', async () => {
    api.on('GET /api/waitlist/promotions', () => ({ body: [] }));
    const { container } = renderScreen(<WaitlistPromotions />);
    await waitFor(() => expect(api.calls('GET', '/api/waitlist/promotions')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
