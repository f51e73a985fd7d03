import { texts, type OpportunityDetail } from '@campus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { anOpportunity, participants } from '@/testing/opportunity-fixtures';
import { DAY, afterNow, renderScreen } from '@/testing/render-screen';
import { OpportunityDetailScreen } from './opportunity-detail';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const w = texts.waitlist;
const student = aUser({ id: 'user-1', name: 'Sam Student' });

let api: ReturnType<typeof fakeApi>;
let detail: OpportunityDetail;
let position: number | null;

const full = (): OpportunityDetail =>
  anOpportunity({
    starts_at: afterNow(3 * DAY),
    total_slots: 2,
    involved_users: participants(2),
    registered_count: 2,
    attendee_count: 2,
    slots_left: 0,
  });

beforeEach(() => {
  api = fakeApi();
  detail = full();
  position = null;
  api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
  api.on('GET /api/opps/opp-1/waitlist', () => ({
    body: { position, count: position ?? 0 },
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDetail = () => {
  renderScreen(<OpportunityDetailScreen id="opp-1" />, {
    user: student,
    path: '/opportunity/opp-1',
  });
  return userEvent.setup();
};

describe('the waitlist on the sign-up card', () => {
  it("'Join Waitlist' joins, then the position and 'Leave Waitlist' are shown", async () => {
    api.on('POST /api/opps/opp-1/waitlist', () => {
      position = 2;
      return { status: 201, body: { success: true, id: 'opp-1' } };
    });
    const ui = renderDetail();
    const join = await screen.findByRole('button', { name: w.join });
    // Enabled once the caller's place (none) is known.
    await waitFor(() => expect(join).toBeEnabled());
    expect(screen.getByText(w.joinHint)).toBeInTheDocument();
    await ui.click(join);

    expect(await screen.findByRole('button', { name: w.leave })).toBeEnabled();
    expect(screen.getByTestId('waitlist-position')).toHaveTextContent('You are #2 on the waitlist');
    expect(api.calls('POST', '/api/opps/opp-1/waitlist')).toHaveLength(1);
  });

  it("'Leave Waitlist' leaves the line", async () => {
    position = 1;
    api.on('DELETE /api/opps/opp-1/waitlist', () => {
      position = null;
      return { body: { success: true, id: 'opp-1' } };
    });
    const ui = renderDetail();
    expect(await screen.findByTestId('waitlist-position')).toHaveTextContent(w.position(1));
    await ui.click(screen.getByRole('button', { name: w.leave }));
    expect(await screen.findByRole('button', { name: w.join })).toBeEnabled();
    expect(api.calls('DELETE', '/api/opps/opp-1/waitlist')).toHaveLength(1);
  });

  it("shows the server's refusal when joining fails", async () => {
    api.on('POST /api/opps/opp-1/waitlist', () => ({
      status: 409,
      body: { message: w.errors.closed },
    }));
    const ui = renderDetail();
    const join = await screen.findByRole('button', { name: w.join });
    await waitFor(() => expect(join).toBeEnabled());
    await ui.click(join);
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveTextContent(w.errors.closed);
  });

  it("'Add to calendar' downloads the opportunity's .ics", async () => {
    api.on('GET /api/opps/opp-1/calendar', () => ({ body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' }));
    const created = vi.fn(() => 'blob:calendar');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const ui = renderDetail();
    await ui.click(await screen.findByRole('button', { name: texts.calendar.addToCalendar }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.calls('GET', '/api/opps/opp-1/calendar')).toHaveLength(1);
    expect(created).toHaveBeenCalledTimes(1);
  });
});
