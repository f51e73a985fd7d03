import { type OpportunityDetail, checkInTexts, hostTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { anOpportunity, participants } from '@/testing/opportunity-fixtures';
import { HOUR, afterNow, renderScreen } from '@/testing/render-screen';
import { OpportunityDetailScreen } from './opportunity-detail';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const h = hostTexts;
const c = checkInTexts.host;
const host = aUser({ id: 'host-1', name: 'Harper Host', email: 'host@university.edu' });

const hosted = (overrides: Partial<OpportunityDetail> = {}): OpportunityDetail =>
  anOpportunity({
    is_host: true,
    starts_at: afterNow(-HOUR),
    duration: 60,
    involved_users: participants(3),
    registered_count: 3,
    attendee_count: 3,
    slots_left: 7,
    ...overrides,
  });

let api: ReturnType<typeof fakeApi>;
let detail: OpportunityDetail;

beforeEach(() => {
  api = fakeApi();
  detail = hosted();
  api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
  api.on('GET /api/opps/opp-1/check-ins', () => ({ body: { user_ids: ['p2', 'p3'] } }));
  api.on('GET /api/opps/opp-1/check-in-token', () => ({
    body: {
      token: '59000000.abc',
      path: '/check-in/opp-1?t=59000000.abc',
      expires_at: '2026-03-02T15:00:30.000Z',
      window_ms: 30_000,
    },
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDetail = () => {
  renderScreen(<OpportunityDetailScreen id="opp-1" />, { user: host, path: '/opportunity/opp-1' });
  return userEvent.setup();
};

describe('QR check-in on the host panel', () => {
  it('starts the attendance form from the checked-in list, and the host may still change it', async () => {
    api.on('PUT /api/attendance', () => ({ body: { success: true, id: 'opp-1' } }));
    const ui = renderDetail();
    const p2 = await screen.findByRole('checkbox', { name: h.attendance.present('Person 2') });
    await waitFor(() => expect(p2).toBeChecked());
    expect(screen.getByRole('checkbox', { name: h.attendance.present('Person 3') })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: h.attendance.present('Person 1') }),
    ).not.toBeChecked();
    expect(screen.getAllByText(checkInTexts.badge)).toHaveLength(2);
    expect(screen.getByText(c.checkedIn(2, 3))).toBeInTheDocument();

    await ui.click(screen.getByRole('checkbox', { name: h.attendance.present('Person 3') }));
    await ui.click(screen.getByRole('checkbox', { name: h.attendance.present('Person 1') }));
    await ui.click(screen.getByRole('button', { name: h.attendance.submit }));
    // The confirmation counts the host's choices, not the check-in list.
    const dialog = screen.getByRole('dialog', { name: h.attendance.confirmTitle });
    expect(dialog).toHaveTextContent('Marked attended: 2. Marked did not attend: 1.');
    await ui.click(within(dialog).getByRole('button', { name: h.attendance.confirm }));
    await waitFor(() => expect(api.calls('PUT', '/api/attendance')).toHaveLength(1));
    expect(api.calls('PUT', '/api/attendance')[0]?.body).toMatchObject({
      user_ids: ['p1', 'p2'],
    });
  });

  it('shows a QR code of the app’s check-in URL when asked', async () => {
    const ui = renderDetail();
    expect(api.calls('GET', '/api/opps/opp-1/check-in-token')).toHaveLength(0);
    await ui.click(await screen.findByRole('button', { name: c.show }));
    expect(await screen.findByRole('img', { name: c.qrLabel })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: c.link })).toHaveAttribute(
      'href',
      `${window.location.origin}/check-in/opp-1?t=59000000.abc`,
    );
  });

  it('has no check-in code once attendance is submitted', async () => {
    detail = hosted({ attendance_marked: true });
    renderDetail();
    await screen.findByRole('heading', { name: h.attendance.title });
    expect(screen.queryByRole('heading', { name: c.title })).not.toBeInTheDocument();
  });
});
