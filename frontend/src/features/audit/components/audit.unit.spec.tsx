import {
  texts,
  type AuditPointsHistory,
  type OpportunityHistory as History,
  adminTexts,
  serviceHoursTexts,
} from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { OpportunityHistory } from './opportunity-history';
import { UserHistory } from './user-history';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const u = adminTexts.userHistory;
const o = adminTexts.opportunityHistory;
const flag = texts.opportunities.awardFlags;

describe('a user’s point history (admin audit)', () => {
  it("lists each line in the server's order (newest first by date): time, cause, opportunity and its date, actor, flags, change, running total", async () => {
    const api = fakeApi();
    api.on('GET /api/users/ben-1', () => ({ body: aUser({ id: 'ben-1', name: 'Ben Bold' }) }));
    // As the server answers it: newest first by the opportunity's date.
    const history: AuditPointsHistory = {
      user_id: 'ben-1',
      points: 215,
      entries: [
        {
          id: '3',
          at: '2026-03-12T20:00:00.000Z',
          reason: 'attendance',
          opportunity_id: 'opp-3',
          opportunity_name: 'Own Event',
          opportunity_date: '2026-03-12',
          logged: null,
          actor_id: 'ben-1',
          actor_name: 'Ben Bold',
          change: 120,
          running_total: 215,
          scheduled_minutes: 60,
          flags: ['longer-than-scheduled', 'host-attended'],
        },
        {
          id: '2',
          at: '2026-03-10T20:00:00.000Z',
          reason: 'first_signup_bonus',
          opportunity_id: 'opp-2',
          opportunity_name: null,
          opportunity_date: '2026-03-10',
          logged: null,
          actor_id: null,
          actor_name: null,
          change: 5,
          running_total: 95,
          scheduled_minutes: null,
          flags: [],
        },
        {
          id: '1',
          at: '2026-03-10T20:00:00.000Z',
          reason: 'attendance',
          opportunity_id: 'opp-1',
          opportunity_name: 'Park Cleanup',
          opportunity_date: '2026-03-10',
          logged: null,
          actor_id: 'hal-1',
          actor_name: 'Hal Host',
          change: 90,
          running_total: 90,
          scheduled_minutes: 90,
          flags: [],
        },
      ],
    };
    api.on('GET /api/admin/users/ben-1/points-history', () => ({ body: history }));
    renderWithProviders(<UserHistory userId="ben-1" />);

    expect(await screen.findByRole('heading', { name: u.of('Ben Bold') })).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Mar 12, 2026',
        'Mar 12, 2026, 4:00 PM',
        u.attendance,
        'Own Event',
        'Ben Bold',
        flag['longer-than-scheduled'](60) + flag['host-attended'](),
        '+120',
        '215',
      ],
      [
        'Mar 10, 2026',
        'Mar 10, 2026, 4:00 PM',
        u.firstSignupBonus,
        u.unknownOpportunity,
        u.system,
        '',
        '+5',
        '95',
      ],
      [
        'Mar 10, 2026',
        'Mar 10, 2026, 4:00 PM',
        u.attendance,
        'Park Cleanup',
        'Hal Host',
        '',
        '+90',
        '90',
      ],
    ]);
    // The flags are badges with text, listed under their own name.
    const flags = within(rows[0] as HTMLElement).getByRole('list', { name: flag.label });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Longer than scheduled (60 min)', 'Host attended']);
    expect(within(rows[2] as HTMLElement).queryByRole('list')).toBeNull();
    expect(screen.getByRole('link', { name: 'Park Cleanup' })).toHaveAttribute(
      'href',
      '/admin/opportunities/opp-1/history',
    );
    expect(screen.getByRole('link', { name: 'Hal Host' })).toHaveAttribute(
      'href',
      '/profile/hal-1',
    );
    expect(screen.getByRole('link', { name: u.backToProfile })).toHaveAttribute(
      'href',
      '/profile/ben-1',
    );
  });

  it('shows a logged hours line with its organization, minutes and verifier instead of an opportunity link', async () => {
    const api = fakeApi();
    api.on('GET /api/users/ben-1', () => ({ body: aUser({ id: 'ben-1', name: 'Ben Bold' }) }));
    const history: AuditPointsHistory = {
      user_id: 'ben-1',
      points: 0,
      entries: [
        {
          id: 'l-1',
          at: '2026-03-12T20:00:00.000Z',
          reason: 'logged_hours',
          opportunity_id: null,
          opportunity_name: null,
          opportunity_date: '2026-03-09',
          logged: {
            log_id: 'log-1',
            organization_name: 'Shelter Outside',
            minutes: 60,
            verified_by_name: 'Ada Admin',
          },
          actor_id: 'ada-1',
          actor_name: 'Ada Admin',
          change: 0,
          running_total: 0,
          scheduled_minutes: null,
          flags: [],
        },
      ],
    };
    api.on('GET /api/admin/users/ben-1/points-history', () => ({ body: history }));
    renderWithProviders(<UserHistory userId="ben-1" />);

    const [row] = (await screen.findAllByRole('row')).slice(1);
    const hours = serviceHoursTexts;
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Mar 9, 2026',
      'Mar 12, 2026, 4:00 PM',
      hours.ui.loggedHours,
      `${hours.ui.historyLogged('Shelter Outside')} 1 h, ${hours.ui.historyVerifiedBy('Ada Admin')}`,
      'Ada Admin',
      '',
      '0',
      '0',
    ]);
    expect(
      within(row!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile/ada-1']);
  });

  it('says so when the user does not exist', async () => {
    const api = fakeApi();
    api.on('GET /api/admin/users/nobody/points-history', () => ({
      status: 404,
      body: { message: texts.notFound.user },
    }));
    renderWithProviders(<UserHistory userId="nobody" />);
    expect(await screen.findByText(texts.notFound.user)).toBeInTheDocument();
  });
});

describe('an opportunity’s event history (admin audit)', () => {
  it('lists its events with time, type, actor and summary', async () => {
    const api = fakeApi();
    const history: History = {
      opportunity_id: 'opp-1',
      name: 'Park Cleanup',
      entries: [
        {
          id: 'e1',
          at: '2026-03-02T15:00:00.000Z',
          type: 'OpportunityCreated',
          actor_id: 'hal-1',
          actor_name: 'Hal Host',
          summary: adminTexts.eventSummary.created('Park Cleanup', false),
          flags: [],
        },
        {
          id: 'e2',
          at: '2026-03-02T16:30:00.000Z',
          type: 'UserSignedUp',
          actor_id: 'ada-1',
          actor_name: 'Ada Admin',
          summary: adminTexts.eventSummary.signedUpBy('Ben Bold'),
          flags: [],
        },
        {
          id: 'e3',
          at: '2026-03-10T20:00:00.000Z',
          type: 'AttendanceMarked',
          actor_id: 'hal-1',
          actor_name: 'Hal Host',
          summary: adminTexts.eventSummary.attendance(1, 0, 90),
          flags: ['host-attended'],
        },
      ],
    };
    api.on('GET /api/admin/opportunities/opp-1/history', () => ({ body: history }));
    renderWithProviders(<OpportunityHistory opportunityId="opp-1" />);

    expect(await screen.findByRole('heading', { name: o.of('Park Cleanup') })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Mar 2, 2026, 10:00 AM',
        'OpportunityCreated',
        'Hal Host',
        adminTexts.eventSummary.created('Park Cleanup', false),
      ],
      [
        'Mar 2, 2026, 11:30 AM',
        'UserSignedUp',
        'Ada Admin',
        adminTexts.eventSummary.signedUpBy('Ben Bold'),
      ],
      [
        'Mar 10, 2026, 4:00 PM',
        'AttendanceMarked',
        'Hal Host',
        adminTexts.eventSummary.attendance(1, 0, 90) + flag['host-attended'](),
      ],
    ]);
    expect(screen.getByRole('list', { name: flag.label })).toHaveTextContent('Host attended');
    expect(screen.getByRole('link', { name: 'Ada Admin' })).toHaveAttribute(
      'href',
      '/admin/users/ada-1/history',
    );
  });

  it('shows the exact text for an unknown opportunity', async () => {
    const api = fakeApi();
    api.on('GET /api/admin/opportunities/gone/history', () => ({
      status: 404,
      body: { message: texts.notFound.opportunity },
    }));
    renderWithProviders(<OpportunityHistory opportunityId="gone" />);
    expect(await screen.findByText(o.notFound)).toBeInTheDocument();
  });
});
