import { texts, type OpportunityDetail } from '@campus/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { anOpportunity } from '@/testing/opportunity-fixtures';
import { HOUR, MINUTE, afterNow, renderScreen } from '@/testing/render-screen';
import { OpportunityDetailScreen } from './opportunity-detail';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const s = texts.opportunities.signup;
const student = aUser({ id: 'user-1', name: 'Sam Student' });

let detail: OpportunityDetail;

beforeEach(() => {
  const api = fakeApi();
  api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderDetail = () =>
  renderScreen(<OpportunityDetailScreen id="opp-1" />, {
    user: student,
    path: '/opportunity/opp-1',
  });

/** Started 2 hours before the server's now and 90 minutes long: ended half an hour ago. */
const ended = (overrides: Partial<OpportunityDetail> = {}): OpportunityDetail =>
  anOpportunity({
    starts_at: afterNow(-2 * HOUR),
    duration: 90,
    points: 90,
    registered_count: 1,
    slots_left: 9,
    ...overrides,
  });

const registeredEnded = (overrides: Partial<OpportunityDetail> = {}) =>
  ended({
    is_registered: true,
    involved_users: [
      {
        id: student.id,
        name: student.name,
        profile_image: null,
        organizationIds: [],
        registered: true,
        attended: overrides.attended === true,
      },
    ],
    ...overrides,
  });

/** Nothing of an open opportunity: no sign-up button state, no slots left. */
const expectNothingOpen = () => {
  for (const label of [s.signedUp, s.eventAlreadyStarted, s.signUpNow, s.eventFull]) {
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  }
  expect(screen.queryByText(/slots? remaining/)).not.toBeInTheDocument();
};

describe('the sign-up card of an ended opportunity (by the server clock)', () => {
  it("says 'Attended · N points' to a participant marked present, N as credited", async () => {
    // Scheduled for 90 points; the host submitted 60 minutes, which is what the ledger credited.
    detail = registeredEnded({
      attendance_marked: true,
      attended: true,
      points: 90,
      earned_points: 60,
    });
    renderDetail();
    expect(await screen.findByTestId('past-status')).toHaveTextContent('Attended · 60 points');
    expectNothingOpen();
  });

  it("says 'Did not attend' to a participant marked absent", async () => {
    detail = registeredEnded({ attendance_marked: true, attended: false });
    renderDetail();
    expect(await screen.findByTestId('past-status')).toHaveTextContent('Did not attend');
    expectNothingOpen();
  });

  it("says 'Attendance not yet submitted' while the host has not marked attendance", async () => {
    detail = registeredEnded({ attendance_marked: false, attended: null });
    renderDetail();
    expect(await screen.findByTestId('past-status')).toHaveTextContent(
      'Attendance not yet submitted',
    );
    expectNothingOpen();
  });

  it('tells a student who was not registered that it has ended', async () => {
    detail = ended();
    renderDetail();
    expect(await screen.findByTestId('past-status')).toHaveTextContent(
      'This opportunity has ended',
    );
    expectNothingOpen();
    expect(screen.queryByRole('button', { name: texts.waitlist.join })).not.toBeInTheDocument();
  });

  it("keeps 'Event Already Started' for one under way, until its end", async () => {
    // Started 89 minutes ago, 90 minutes long.
    detail = registeredEnded({ starts_at: afterNow(-89 * MINUTE) });
    renderDetail();
    expect(await screen.findByRole('button', { name: s.eventAlreadyStarted })).toBeDisabled();
    expect(screen.queryByTestId('past-status')).not.toBeInTheDocument();
  });
});
