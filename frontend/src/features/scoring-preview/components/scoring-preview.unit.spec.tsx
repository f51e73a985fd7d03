import {
  type ScoringPreviewStatus,
  scoringPreviewTexts,
  serviceHoursTexts,
} from '@campus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { ScoringPreview } from './scoring-preview';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const t = scoringPreviewTexts;
const hours = serviceHoursTexts.ui;
const params = (bonus: number) => ({
  first_signup_bonus_points: bonus,
  badge_thresholds: { 'point-novice': 20 },
  logged_hours_earn_points: false,
});

const status = (overrides: Partial<ScoringPreviewStatus>): ScoringPreviewStatus => ({
  id: 'preview-1',
  state: 'active',
  progress: { phase: 'replaying', events: 40, total: 100 },
  current: params(5),
  draft: params(0),
  result: null,
  failed_reason: null,
  ...overrides,
});

describe('the scoring preview', () => {
  it('sends the draft, follows the replay and shows who would change, before and after', async () => {
    const api = fakeApi();
    api.on('POST /api/scoring/previews', () => ({
      status: 202,
      body: { job_id: 'preview-1', state: 'waiting' },
    }));
    const answers = [
      status({}),
      status({
        state: 'completed',
        progress: { phase: 'done', events: 100, total: null },
        result: {
          position: '12.1',
          users_compared: 6,
          changes: [
            {
              user_id: 'u1',
              name: 'One Student',
              points_before: 65,
              points_after: 60,
              rank_before: 1,
              rank_after: 1,
              badges_before: ['first-step', 'point-novice'],
              badges_after: ['first-step', 'point-novice'],
            },
            {
              user_id: 'u2',
              name: 'Two Student',
              points_before: 21,
              points_after: 16,
              rank_before: 2,
              rank_after: 2,
              badges_before: ['point-novice'],
              badges_after: [],
            },
          ],
        },
      }),
    ];
    api.on('GET /api/scoring/previews/preview-1', () => ({
      body: answers.length > 1 ? answers.shift() : answers[0],
    }));
    const user = userEvent.setup();
    renderWithProviders(<ScoringPreview />);
    expect(screen.getByText(t.readOnly)).toBeInTheDocument();

    const bonus = screen.getByLabelText(t.bonus);
    await user.clear(bonus);
    await user.type(bonus, '0');
    await user.click(screen.getByRole('button', { name: t.start }));
    expect(api.calls('POST', '/api/scoring/previews')[0]?.body).toEqual({
      first_signup_bonus_points: 0,
    });
    expect(await screen.findByText(t.progress(40, 100))).toBeInTheDocument();

    expect(await screen.findByText(t.summary(2, 6), {}, { timeout: 3000 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: t.tableCaption });
    const two = within(table)
      .getByRole('rowheader', { name: 'Two Student' })
      .closest('tr') as HTMLElement;
    expect(
      within(two)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['21', '16', '2', '2', 'Point Novice', t.noBadges]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('sends only the thresholds that differ and refuses an unchanged draft', async () => {
    const api = fakeApi();
    api.on('POST /api/scoring/previews', () => ({
      status: 202,
      body: { job_id: 'preview-2', state: 'waiting' },
    }));
    api.on('GET /api/scoring/previews/preview-2', () => ({
      body: status({
        id: 'preview-2',
        state: 'completed',
        result: { position: '1.1', users_compared: 3, changes: [] },
      }),
    }));
    const user = userEvent.setup();
    renderWithProviders(<ScoringPreview />);
    await user.click(screen.getByRole('button', { name: t.start }));
    expect(await screen.findByText(serviceHoursTexts.ui.scoringNoChange)).toBeInTheDocument();
    expect(api.calls('POST', '/api/scoring/previews')).toHaveLength(0);

    const novice = screen.getByLabelText('Point Novice');
    await user.clear(novice);
    await user.type(novice, '60');
    await user.click(screen.getByRole('button', { name: t.start }));
    expect(api.calls('POST', '/api/scoring/previews')[0]?.body).toEqual({
      badge_thresholds: { 'point-novice': 60 },
    });
    expect(await screen.findByText(t.nobody)).toBeInTheDocument();
  });

  it('drafts the logged hours rule from its current value and sends it only when it differs', async () => {
    const api = fakeApi();
    api.on('GET /api/scoring/logged-hours', () => ({ body: { earn_points: false } }));
    api.on('POST /api/scoring/previews', () => ({
      status: 202,
      body: { job_id: 'preview-3', state: 'waiting' },
    }));
    api.on('GET /api/scoring/previews/preview-3', () => ({
      body: status({
        id: 'preview-3',
        state: 'completed',
        result: { position: '1.1', users_compared: 3, changes: [] },
      }),
    }));
    const user = userEvent.setup();
    renderWithProviders(<ScoringPreview />);
    const rule = screen.getByRole('checkbox', { name: hours.scoringRuleOn });
    expect(await screen.findByText(hours.scoringRuleCurrent(false))).toBeInTheDocument();
    expect(rule).not.toBeChecked();
    expect(rule).toHaveAccessibleDescription(hours.scoringRuleCurrent(false));

    await user.click(rule);
    await user.click(rule);
    await user.click(screen.getByRole('button', { name: t.start }));
    expect(await screen.findByText(hours.scoringNoChange)).toBeInTheDocument();
    expect(api.calls('POST', '/api/scoring/previews')).toHaveLength(0);

    await user.click(rule);
    await user.click(screen.getByRole('button', { name: t.start }));
    expect(api.calls('POST', '/api/scoring/previews')[0]?.body).toEqual({
      logged_hours_earn_points: true,
    });
    expect(await screen.findByText(t.nobody)).toBeInTheDocument();
  });
});

describe('the logged hours rule card', () => {
  it('shows the current rule, recommends a preview, and applies the other one after a confirmation', async () => {
    const api = fakeApi();
    let earnPoints = false;
    api.on('GET /api/scoring/logged-hours', () => ({ body: { earn_points: earnPoints } }));
    api.on('PUT /api/scoring/logged-hours', ({ body }) => {
      earnPoints = (body as { earn_points: boolean }).earn_points;
      return { body: { success: true } };
    });
    const user = userEvent.setup();
    renderWithProviders(<ScoringPreview />);
    const card = screen.getByRole('region', { name: hours.scoringRuleTitle });
    expect(await within(card).findByText(hours.scoringRuleOff)).toBeInTheDocument();
    expect(within(card).getByText(hours.scoringRuleHint)).toBeInTheDocument();

    // Cancelled: nothing is sent.
    await user.click(within(card).getByRole('button', { name: hours.scoringRuleApply(true) }));
    await user.click(
      within(screen.getByRole('dialog', { name: hours.scoringRuleTitle })).getByRole('button', {
        name: hours.cancel,
      }),
    );
    expect(api.calls('PUT', '/api/scoring/logged-hours')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: hours.scoringRuleApply(true) }));
    const dialog = screen.getByRole('dialog', { name: hours.scoringRuleTitle });
    expect(dialog).toHaveAccessibleDescription(hours.scoringRuleConfirm(true));
    await user.click(within(dialog).getByRole('button', { name: hours.scoringRuleApply(true) }));

    expect(await within(card).findByText(hours.scoringRuleApplied)).toBeInTheDocument();
    expect(api.calls('PUT', '/api/scoring/logged-hours')[0]?.body).toEqual({ earn_points: true });
    expect(await within(card).findByText(hours.scoringRuleOn)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: hours.scoringRuleApply(false) })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the rule could not be applied, with the server’s words', async () => {
    const api = fakeApi();
    api.on('GET /api/scoring/logged-hours', () => ({ body: { earn_points: true } }));
    api.on('PUT /api/scoring/logged-hours', () => ({
      status: 503,
      body: { message: 'Try again later' },
    }));
    const user = userEvent.setup();
    renderWithProviders(<ScoringPreview />);
    const card = screen.getByRole('region', { name: hours.scoringRuleTitle });
    await user.click(
      await within(card).findByRole('button', { name: hours.scoringRuleApply(false) }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: hours.scoringRuleTitle })).getByRole('button', {
        name: hours.scoringRuleApply(false),
      }),
    );
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(hours.scoringRuleFailed);
    expect(alert).toHaveTextContent('Try again later');
    expect(within(card).getByText(hours.scoringRuleOn)).toBeInTheDocument();
  });
});
