import { type ProjectionsStatus, type ReplayStatus, adminTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { Operations } from './operations';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = adminTexts.operations;

const projections: ProjectionsStatus = {
  projections: [
    {
      name: 'users',
      position: '10.5',
      visible_position: '10.5',
      updated_at: '2026-03-02T15:00:00.000Z',
      lag_events: 0,
      lag_seconds: 0,
      dead_letters: 0,
    },
    {
      name: 'organizations',
      position: '9.4',
      visible_position: '9.4',
      updated_at: null,
      lag_events: 3,
      lag_seconds: 1.25,
      dead_letters: 2,
    },
  ],
  unsettled_events: 0,
};

const replay = (overrides: Partial<ReplayStatus>): ReplayStatus => ({
  id: 'replay-1',
  state: 'active',
  projection: 'organizations',
  progress: null,
  result: null,
  failed_reason: null,
  ...overrides,
});

describe('the operations page', () => {
  it('shows each projection’s lag and dead letters', async () => {
    const api = fakeApi();
    api.on('GET /api/operations/projections', () => ({ body: projections }));
    renderWithProviders(<Operations />);
    const row = (await screen.findByRole('rowheader', { name: 'organizations' })).closest(
      'tr',
    ) as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9.4', t.never, '3', '1.3', '2']);
  });

  it('starts a replay and follows its progress to the end', async () => {
    const api = fakeApi();
    api.on('GET /api/operations/projections', () => ({ body: projections }));
    api.on('POST /api/operations/replays', () => ({
      status: 202,
      body: { job_id: 'replay-1', state: 'waiting' },
    }));
    const answers: ReplayStatus[] = [
      replay({ progress: { phase: 'replaying', events: 50, total: 200, events_per_second: 10 } }),
      replay({
        state: 'completed',
        progress: { phase: 'done', events: 200, total: 200, events_per_second: 10 },
        result: {
          projections: ['organizations'],
          events: 200,
          position: '12.1',
          duration_ms: 2500,
        },
      }),
    ];
    api.on('GET /api/operations/replays/replay-1', () => ({
      body: answers.length > 1 ? answers.shift() : answers[0],
    }));
    const user = userEvent.setup();
    renderWithProviders(<Operations />);
    await screen.findByRole('rowheader', { name: 'organizations' });

    await user.selectOptions(screen.getByLabelText(t.replayLabel), 'organizations');
    await user.click(screen.getByRole('button', { name: t.start }));
    expect(api.calls('POST', '/api/operations/replays')[0]?.body).toEqual({
      projection: 'organizations',
    });
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('value', '25'));
    expect(
      await screen.findByText(t.replayed(200, '2.5'), {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100');
  });

  it('reports a replay that could not start', async () => {
    const api = fakeApi();
    api.on('GET /api/operations/projections', () => ({ body: projections }));
    api.on('POST /api/operations/replays', () => ({
      status: 409,
      body: { message: 'A replay is already running' },
    }));
    const user = userEvent.setup();
    renderWithProviders(<Operations />);
    await user.click(await screen.findByRole('button', { name: t.start }));
    expect(
      await screen.findByText(t.startFailed('A replay is already running')),
    ).toBeInTheDocument();
  });
});
