import { texts, type PointsHistory, serviceHoursTexts } from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { PointsHistorySection } from './points-history';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

// The chart library draws nothing measurable in jsdom; the months it is given are what matters.
vi.mock('./points-chart', () => ({
  PointsChart: ({ months }: { months: { month: string; points: number }[] }) => (
    <ul aria-label="chart months">
      {months.map((m) => (
        <li key={m.month}>{`${m.month}: ${m.points}`}</li>
      ))}
    </ul>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = texts.profile.history;

type Entry = PointsHistory['entries'][number];
const line = (fields: Partial<Entry> & Pick<Entry, 'id' | 'opportunity_date'>): Entry => ({
  at: '2025-11-20T18:00:00.000Z',
  reason: 'attendance',
  opportunity_id: `opp-${fields.id}`,
  opportunity_name: `Event ${fields.id}`,
  logged: null,
  actor_id: null,
  actor_name: null,
  change: 60,
  running_total: 0,
  ...fields,
});

/**
 * As the server answers: newest first by the opportunity's date. The October attendance was
 * recorded after the November one (a late marking): it still sits below it.
 */
const history: PointsHistory = {
  user_id: 'me-1',
  points: 125,
  entries: [
    line({
      id: 'nov-bonus',
      reason: 'first_signup_bonus',
      opportunity_id: 'opp-nov',
      opportunity_name: 'Event nov',
      opportunity_date: '2025-11-03',
      at: '2025-11-03T20:00:00.000Z',
      change: 5,
      running_total: 125,
    }),
    line({
      id: 'nov',
      opportunity_date: '2025-11-03',
      at: '2025-11-03T20:00:00.000Z',
      change: 60,
      running_total: 120,
    }),
    line({
      id: 'oct',
      opportunity_date: '2025-10-28',
      at: '2025-11-10T15:00:00.000Z',
      change: 30,
      running_total: 60,
    }),
    line({
      id: 'sep',
      opportunity_date: '2025-09-20',
      at: '2025-09-20T22:00:00.000Z',
      change: 30,
      running_total: 30,
    }),
  ],
};

const renderHistory = () => {
  const api = fakeApi();
  api.on('GET /api/users/me-1/points-history', () => ({ body: history }));
  renderWithProviders(<PointsHistorySection userId="me-1" />);
  return api;
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the profile point history', () => {
  it('lists the lines newest first by date, as answered, whenever they were recorded', async () => {
    renderHistory();
    const section = await screen.findByRole('region', { name: t.title });
    const table = await within(section).findByRole('table');
    expect(rowsOf(table)).toEqual([
      ['Nov 3, 2025', `${t.firstSignupBonus} Event nov`, '+5', '125'],
      ['Nov 3, 2025', `${t.attendance} Event nov`, '+60', '120'],
      ['Oct 28, 2025', `${t.attendance} Event oct`, '+30', '60'],
      ['Sep 20, 2025', `${t.attendance} Event sep`, '+30', '30'],
    ]);
  });

  it("shows running totals that add up from the bottom to the person's points at the top", async () => {
    renderHistory();
    const table = await screen.findByRole('table');
    const rows = rowsOf(table).map(([, , change, total]) => [Number(change), Number(total)]);
    expect(rows[0]?.[1]).toBe(history.points);
    rows.forEach(([change, total], i) => {
      expect(total).toBe((rows[i + 1]?.[1] ?? 0) + (change ?? 0));
    });
  });

  it('shows a logged hours line with its organization, minutes and verifier, and no opportunity link', async () => {
    const api = fakeApi();
    api.on('GET /api/users/me-1/points-history', () => ({
      body: {
        user_id: 'me-1',
        points: 90,
        entries: [
          line({
            id: 'logged',
            reason: 'logged_hours',
            opportunity_id: null,
            opportunity_name: null,
            opportunity_date: '2025-11-08',
            logged: {
              log_id: 'log-1',
              organization_name: 'City Food Bank',
              minutes: 150,
              verified_by_name: 'Hal Host',
            },
            change: 0,
            running_total: 90,
          }),
          line({
            id: 'erased-verifier',
            reason: 'logged_hours',
            opportunity_id: null,
            opportunity_name: null,
            opportunity_date: '2025-11-01',
            logged: {
              log_id: 'log-2',
              organization_name: 'River Cleanup',
              minutes: 45,
              verified_by_name: null,
            },
            change: 45,
            running_total: 90,
          }),
          line({ id: 'oct', opportunity_date: '2025-10-28', change: 45, running_total: 45 }),
        ],
      } satisfies PointsHistory,
    }));
    renderWithProviders(<PointsHistorySection userId="me-1" />);
    const table = await screen.findByRole('table');
    const hours = serviceHoursTexts;
    expect(rowsOf(table)).toEqual([
      [
        'Nov 8, 2025',
        `${hours.ui.historyLogged('City Food Bank')} 2 h 30 min, ${hours.ui.historyVerifiedBy('Hal Host')}`,
        '0',
        '90',
      ],
      ['Nov 1, 2025', `${hours.ui.historyLogged('River Cleanup')} 45 min`, '+45', '90'],
      ['Oct 28, 2025', `${t.attendance} Event oct`, '+45', '45'],
    ]);
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Event oct']);
  });

  it('charts the points per month whatever the order of the lines', async () => {
    renderHistory();
    const chart = await screen.findByRole('list', { name: 'chart months' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025-09: 30', '2025-10: 30', '2025-11: 65']);
  });
});
