import { texts, type OpportunityDetail } from '@campus/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { anOpportunity, participants } from '@/testing/opportunity-fixtures';
import { DAY, HOUR, afterNow, renderScreen } from '@/testing/render-screen';
import { OpportunityDetailScreen } from './opportunity-detail';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const s = texts.opportunities.signup;
const unregisterConfirm = texts.opportunities.unregisterConfirm;
const late = texts.opportunities.lateSignupConfirm;
const student = aUser({ id: 'user-1', name: 'Sam Student' });

let api: ReturnType<typeof fakeApi>;
let detail: OpportunityDetail;

beforeEach(() => {
  api = fakeApi();
  detail = anOpportunity();
  api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
  api.on('GET /api/opps/opp-1/is-full', () => ({
    body: { is_full: detail.slots_left === 0, slots_left: detail.slots_left },
  }));
  api.on('GET /api/opps/opp-1/waitlist', () => ({ body: { position: null, count: 0 } }));
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

const button = (name: string | RegExp) => screen.findByRole('button', { name });
const outcome = () => screen.getByTestId('signup-outcome');

const registered = (o: OpportunityDetail): OpportunityDetail => ({
  ...o,
  is_registered: true,
  registered_count: o.registered_count + 1,
  attendee_count: o.attendee_count + 1,
  slots_left: o.slots_left - 1,
  involved_users: [
    ...o.involved_users,
    {
      id: student.id,
      name: student.name,
      profile_image: null,
      organizationIds: [],
      registered: true,
      attended: false,
    },
  ],
});

describe("unregistering from 'Signed Up ✓'", () => {
  it('asks first; Cancel changes nothing and gives focus back to the button', async () => {
    detail = registered(anOpportunity());
    const ui = renderDetail();
    const signedUp = await button(s.signedUp);
    await ui.click(signedUp);

    const dialog = screen.getByRole('dialog', { name: unregisterConfirm.title });
    expect(dialog).toHaveAccessibleDescription(unregisterConfirm.message('River Cleanup'));
    await ui.click(within(dialog).getByRole('button', { name: unregisterConfirm.cancel }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/unregister-opp')).toHaveLength(0);
    expect(screen.getByRole('button', { name: s.signedUp })).toHaveFocus();
    expect(outcome()).toBeEmptyDOMElement();
  });

  it("unregisters on confirming, then says 'You are no longer signed up.' politely", async () => {
    detail = registered(anOpportunity());
    api.on('POST /api/unregister-opp', () => {
      detail = anOpportunity();
      return { body: { success: true, id: 'opp-1' } };
    });
    const ui = renderDetail();
    await ui.click(await button(s.signedUp));
    await ui.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: unregisterConfirm.confirm }),
    );

    await waitFor(() => expect(outcome()).toHaveTextContent('You are no longer signed up.'));
    expect(outcome()).toHaveAttribute('role', 'status');
    expect(api.calls('POST', '/api/unregister-opp')[0]?.body).toEqual({
      user_id: 'user-1',
      opportunity_id: 'opp-1',
    });
    expect(await button(s.signUpNow)).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('names the refusal and says nothing happened when the server refuses', async () => {
    detail = registered(anOpportunity());
    api.on('POST /api/unregister-opp', () => ({ status: 500, body: { message: 'Down' } }));
    const ui = renderDetail();
    await ui.click(await button(s.signedUp));
    await ui.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: unregisterConfirm.confirm }),
    );
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveTextContent('Error un-registering: Down');
    expect(outcome()).toBeEmptyDOMElement();
  });
});

describe('signing up', () => {
  it('takes one click outside the 7 hours, then says so; focus comes back to the button', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    api.on('POST /api/register-opp', () => answer.promise);
    const ui = renderDetail();
    const signUp = await button(s.signUpNow);
    await ui.click(signUp);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/register-opp')).toHaveLength(1));
    // Busy, yet still focusable: marked aria-disabled, and a second click does nothing.
    const busy = screen.getByRole('button', { name: s.signedUp });
    expect(busy).toBe(signUp);
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await ui.click(busy);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    detail = registered(detail);
    answer.resolve({ status: 201, body: { success: true, id: 'opp-1' } });
    const popup = await screen.findByRole('alertdialog', { name: s.thankYouTitle });
    expect(outcome()).toHaveTextContent('You are signed up.');
    await ui.click(within(popup).getByRole('button', { name: texts.popup.gotIt }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: s.signedUp }));
    expect(api.calls('POST', '/api/register-opp')).toHaveLength(1);
    expect(screen.getByRole('button', { name: s.signedUp })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the button focusable during the full check, and returns focus after Opportunity Full', async () => {
    const check = deferred<{ status: number; body: unknown }>();
    api.on('GET /api/opps/opp-1/is-full', () => check.promise);
    const ui = renderDetail();
    const signUp = await button(s.signUpNow);
    await ui.click(signUp);
    await waitFor(() => expect(api.calls('GET', '/api/opps/opp-1/is-full')).toHaveLength(1));
    expect(signUp).not.toBeDisabled();
    expect(signUp).toHaveAttribute('aria-disabled', 'true');
    expect(signUp).toHaveFocus();

    check.resolve({ status: 200, body: { is_full: true, slots_left: 0 } });
    const popup = await screen.findByRole('alertdialog', { name: s.fullTitle });
    await ui.click(within(popup).getByRole('button', { name: texts.popup.gotIt }));
    expect(document.activeElement).toBe(signUp);
    expect(api.calls('POST', '/api/register-opp')).toHaveLength(0);
  });

  it('warns inside the 7 hours that it cannot be undone; Cancel signs nobody up', async () => {
    detail = anOpportunity({ starts_at: afterNow(3 * HOUR + 30_000) });
    api.on('POST /api/register-opp', () => ({ status: 201, body: { success: true } }));
    const ui = renderDetail();
    await ui.click(await button(s.signUpNow));

    const dialog = screen.getByRole('dialog', { name: late.title });
    expect(dialog).toHaveAccessibleDescription(late.message('3 hours 0 minutes'));
    expect(dialog).toHaveTextContent(s.cannotUnregister);
    await ui.click(within(dialog).getByRole('button', { name: late.cancel }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/opps/opp-1/is-full')).toHaveLength(0);
    expect(api.calls('POST', '/api/register-opp')).toHaveLength(0);
    expect(screen.getByRole('button', { name: s.signUpNow })).toHaveFocus();
  });

  it('signs up inside the 7 hours once confirmed, and focus lands on what happened', async () => {
    detail = anOpportunity({ starts_at: afterNow(3 * HOUR) });
    api.on('POST /api/register-opp', () => {
      detail = registered(detail);
      return { status: 201, body: { success: true, id: 'opp-1' } };
    });
    const ui = renderDetail();
    await ui.click(await button(s.signUpNow));
    await ui.click(
      within(screen.getByRole('dialog', { name: late.title })).getByRole('button', {
        name: late.confirm,
      }),
    );

    const popup = await screen.findByRole('alertdialog', { name: s.thankYouTitle });
    expect(api.calls('POST', '/api/register-opp')).toHaveLength(1);
    await ui.click(within(popup).getByRole('button', { name: texts.popup.gotIt }));
    // The button is closed now (disabled): focus is on the status saying what happened.
    expect(await button(/^Unregistration Closed/)).toBeDisabled();
    expect(outcome()).toHaveTextContent('You are signed up.');
    expect(outcome()).toHaveFocus();
  });

  it('adds the warning to the external registration dialog inside the 7 hours only', async () => {
    const external = 'https://partner.example.org/apply';
    const title = texts.opportunities.externalRegistration.title;
    detail = anOpportunity({ starts_at: afterNow(3 * HOUR + 30_000), redirect_url: external });
    const ui = renderDetail();
    await ui.click(await button(s.signUpExternally));
    expect(screen.getByRole('dialog', { name: title })).toHaveTextContent(
      late.message('3 hours 0 minutes'),
    );
    cleanup();

    detail = anOpportunity({ starts_at: afterNow(DAY), redirect_url: external });
    const again = renderDetail();
    await again.click(await button(s.signUpExternally));
    expect(screen.getByRole('dialog', { name: title })).not.toHaveTextContent(s.cannotUnregister);
  });
});

describe('a full opportunity', () => {
  it("says 'Event Full' beside 'Join Waitlist', which it describes", async () => {
    detail = anOpportunity({
      starts_at: afterNow(3 * DAY),
      total_slots: 2,
      involved_users: participants(2),
      registered_count: 2,
      attendee_count: 2,
      slots_left: 0,
    });
    renderDetail();
    const join = await button(texts.waitlist.join);
    const reason = screen.getByText(s.fullReason);
    expect(reason.tagName).toBe('P');
    expect(join).toHaveAccessibleDescription(`${s.fullReason} ${texts.waitlist.joinHint}`);
  });
});
