import { decideServiceHoursSchema, type ServiceLog, serviceHoursTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderScreen } from '@/testing/render-screen';
import { VerifyHoursScreen } from './verify-hours';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const t = serviceHoursTexts.ui;
const host = aUser({ id: 'host-1', email: 'host@university.edu', name: 'Hal Host' });

const aLog = (id: string, overrides: Partial<ServiceLog> = {}): ServiceLog => ({
  id,
  user_id: `student-${id}`,
  user_name: `Student ${id}`,
  organization_id: '0b7f4a8e-2c1d-4e5f-8a9b-000000000001',
  organization_name: 'City Food Bank',
  outside: false,
  date: '2025-09-20',
  minutes: 90,
  cause: 'Food Security and Hunger Relief',
  description: 'Sorted cans.',
  verifier_name: 'Vera Verifier',
  verifier_email: 'vera@foodbank.org',
  photo: null,
  status: 'pending',
  logged_at: '2025-09-21T12:00:00.000Z',
  decided_at: null,
  decided_by_id: null,
  decided_by_name: null,
  reason: null,
  ...overrides,
});

let api: ReturnType<typeof fakeApi>;
let queue: ServiceLog[];

beforeEach(() => {
  api = fakeApi();
  queue = [aLog('a'), aLog('b', { photo: '/files/b.png' }), aLog('c')];
  api.on('GET /api/hours/pending', () => ({ body: { logs: queue } }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderPage = () => {
  renderScreen(<VerifyHoursScreen />, { user: host, path: '/hours/verify' });
  return userEvent.setup();
};

const logOf = (name: string) => screen.getByRole('article', { name: t.loggedBy(name) });
const queueNames = () =>
  screen
    .queryAllByRole('article')
    .map((log) => within(log).getByRole('heading', { level: 2 }).textContent);

/** The server takes the decision and leaves the log out of the queue from then on. */
const decided = (id: string) => () => {
  queue = queue.filter((log) => log.id !== id);
  return { body: { success: true } };
};

describe('/hours/verify', () => {
  it('lists the waiting logs, oldest first, with what a verifier needs to check them', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: t.verifyTitle })).toBeInTheDocument();
    await screen.findByRole('article', { name: t.loggedBy('Student a') });
    expect(queueNames()).toEqual(['a', 'b', 'c'].map((id) => t.loggedBy(`Student ${id}`)));
    const b = logOf('Student b');
    for (const text of [
      'City Food Bank',
      'Sep 20, 2025',
      '1 h 30 min',
      'Food Security and Hunger Relief',
      'Sorted cans.',
      'Vera Verifier',
    ]) {
      expect(within(b).getByText(text)).toBeInTheDocument();
    }
    expect(within(b).getByRole('link', { name: 'vera@foodbank.org' })).toHaveAttribute(
      'href',
      'mailto:vera@foodbank.org',
    );
    expect(within(b).getByRole('img', { name: t.photoAlt('City Food Bank') })).toHaveAttribute(
      'src',
      '/files/b.png',
    );
    expect(within(b).getByRole('button', { name: t.approve })).toBeInTheDocument();
    expect(within(b).getByRole('button', { name: t.reject })).toBeInTheDocument();
  });

  it('says when nothing is waiting', async () => {
    queue = [];
    renderPage();
    expect(await screen.findByText(t.verifyEmpty)).toBeInTheDocument();
  });

  it('approves without a reason: the log leaves at once, before the server answers, and focus moves to the next', async () => {
    const answer = deferred<{ body: unknown }>();
    api.on('POST /api/hours/a/decision', () => answer.promise);
    const ui = renderPage();
    await ui.click(
      within(await screen.findByRole('article', { name: t.loggedBy('Student a') })).getByRole(
        'button',
        { name: t.approve },
      ),
    );
    const dialog = screen.getByRole('dialog', { name: t.confirmApprove });
    expect(dialog).toHaveAccessibleDescription(
      t.decisionSummary('Student a', 'City Food Bank', 90),
    );
    expect(within(dialog).getByLabelText(t.reasonOptional)).toHaveFocus();
    await ui.click(within(dialog).getByRole('button', { name: t.approve }));

    await waitFor(() =>
      expect(queueNames()).toEqual([t.loggedBy('Student b'), t.loggedBy('Student c')]),
    );
    expect(api.calls('POST', '/api/hours/a/decision')[0]?.body).toEqual({
      decision: 'approve',
      reason: null,
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: t.loggedBy('Student b') })).toHaveFocus(),
    );
    expect(screen.queryByText(t.approved)).not.toBeInTheDocument();

    queue = queue.filter((log) => log.id !== 'a');
    answer.resolve({ body: { success: true } });
    expect(await screen.findByRole('status')).toHaveTextContent(t.approved);
    expect(queueNames()).toEqual([t.loggedBy('Student b'), t.loggedBy('Student c')]);
  });

  it('asks a reason to reject, with the command’s message, and sends it', async () => {
    api.on('POST /api/hours/c/decision', decided('c'));
    const ui = renderPage();
    await ui.click(
      within(await screen.findByRole('article', { name: t.loggedBy('Student c') })).getByRole(
        'button',
        { name: t.reject },
      ),
    );
    const dialog = screen.getByRole('dialog', { name: t.confirmReject });
    const reason = within(dialog).getByLabelText(t.reasonLabel);
    await ui.click(within(dialog).getByRole('button', { name: t.confirmReject }));
    const required = decideServiceHoursSchema.safeParse({ decision: 'reject', reason: '' }).error
      ?.issues[0]?.message;
    expect(required).toBeDefined();
    expect(await within(dialog).findByText(required ?? '')).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription(required ?? '');
    expect(reason).toHaveFocus();
    expect(api.calls('POST', '/api/hours/c/decision')).toHaveLength(0);

    await ui.type(reason, 'Nobody at the bank knows you.');
    await ui.click(within(dialog).getByRole('button', { name: t.confirmReject }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.rejected);
    expect(api.calls('POST', '/api/hours/c/decision')[0]?.body).toEqual({
      decision: 'reject',
      reason: 'Nobody at the bank knows you.',
    });
    expect(queueNames()).toEqual([t.loggedBy('Student a'), t.loggedBy('Student b')]);
    // The last log gone: focus goes to the one before it.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: t.loggedBy('Student b') })).toHaveFocus(),
    );
  });

  it('puts a refused decision’s log back in its place and says why', async () => {
    const refusal = deferred<{ status: number; body: unknown }>();
    api.on('POST /api/hours/b/decision', () => refusal.promise);
    const ui = renderPage();
    await screen.findByRole('article', { name: t.loggedBy('Student b') });
    // The queue's refresh after the refusal never answers: what shows is the rollback's.
    api.on('GET /api/hours/pending', () => deferred<{ body: unknown }>().promise);
    await ui.click(
      within(await screen.findByRole('article', { name: t.loggedBy('Student b') })).getByRole(
        'button',
        { name: t.approve },
      ),
    );
    await ui.click(
      within(screen.getByRole('dialog', { name: t.confirmApprove })).getByRole('button', {
        name: t.approve,
      }),
    );
    await waitFor(() =>
      expect(queueNames()).toEqual([t.loggedBy('Student a'), t.loggedBy('Student c')]),
    );

    refusal.resolve({
      status: 409,
      body: { message: serviceHoursTexts.errors.alreadyDecided },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.decideFailed);
    expect(alert).toHaveTextContent(serviceHoursTexts.errors.alreadyDecided);
    expect(queueNames()).toEqual(['a', 'b', 'c'].map((id) => t.loggedBy(`Student ${id}`)));
  });

  it('sends nothing when the dialog is cancelled, and gives focus back', async () => {
    const ui = renderPage();
    const reject = within(
      await screen.findByRole('article', { name: t.loggedBy('Student a') }),
    ).getByRole('button', { name: t.reject });
    await ui.click(reject);
    await ui.click(screen.getByRole('button', { name: t.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reject).toHaveFocus();
    expect(api.calls('POST', '/api/hours/a/decision')).toHaveLength(0);
    expect(queueNames()).toHaveLength(3);
  });
});
