import { texts, type OpportunityDetail, checkInTexts, hostTexts } from '@campus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { anOpportunity, participants } from '@/testing/opportunity-fixtures';
import { DAY, HOUR, MINUTE, afterNow, renderScreen } from '@/testing/render-screen';
import { OpportunityDetailScreen } from './opportunity-detail';

vi.mock('@/lib/auth/firebase', () => ({
  currentIdToken: () => Promise.resolve('id-token'),
  getFirebaseAuth: () => {
    throw new Error('no Firebase in this test');
  },
}));

const s = texts.opportunities.signup;
const d = texts.opportunities.detail;
const student = aUser({ id: 'user-1', name: 'Sam Student' });

let api: ReturnType<typeof fakeApi>;
/** What GET /api/opps/opp-1/full answers; tests change it to play the server. */
let detail: OpportunityDetail;

beforeEach(() => {
  api = fakeApi();
  detail = anOpportunity();
  api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
  api.on('GET /api/opps/opp-1/is-full', () => ({
    body: { is_full: detail.slots_left === 0, slots_left: detail.slots_left },
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDetail = (user = student) => {
  const view = renderScreen(<OpportunityDetailScreen id="opp-1" />, {
    user,
    path: '/opportunity/opp-1',
  });
  return { ...view, ui: userEvent.setup() };
};

/** The side card's sign-up button, found by its current label. */
const signupButton = (label: string) => screen.findByRole('button', { name: label });

const registered = (o: OpportunityDetail, user = student): OpportunityDetail => ({
  ...o,
  is_registered: true,
  registered_count: o.registered_count + 1,
  attendee_count: o.attendee_count + 1,
  slots_left: o.slots_left - 1,
  involved_users: [
    ...o.involved_users,
    {
      id: user.id,
      name: user.name,
      profile_image: null,
      organizationIds: [],
      registered: true,
      attended: false,
    },
  ],
});

describe('the sign-up button', () => {
  it("reads 'Sign Up Now' and signs up after the server's full check, optimistically", async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    api.on('POST /api/register-opp', () => answer.promise);
    const { ui } = renderDetail();

    expect(await screen.findByText(d.firstSignupBonus)).toBeInTheDocument();
    expect(screen.getByTestId('participant-count')).toHaveTextContent('0 / 10');
    await ui.click(await signupButton(s.signUpNow));

    // Shown as signed up before the server has answered.
    expect(await signupButton(s.signedUp)).toBeInTheDocument();
    expect(screen.getByTestId('participant-count')).toHaveTextContent('1 / 10');
    expect(screen.getByRole('link', { name: 'Sam Student' })).toHaveAttribute(
      'href',
      '/profile/user-1',
    );
    expect(api.calls('GET', '/api/opps/opp-1/is-full')).toHaveLength(1);
    expect(api.calls('POST', '/api/register-opp')[0]?.body).toEqual({
      user_id: 'user-1',
      opportunity_id: 'opp-1',
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    detail = registered(detail);
    answer.resolve({ status: 201, body: { success: true, id: 'opp-1' } });
    const popup = await screen.findByRole('alertdialog');
    expect(within(popup).getByText(s.thankYouTitle)).toBeInTheDocument();
    expect(within(popup).getByText(s.thankYouMessage('River Cleanup'))).toBeInTheDocument();
    await ui.click(within(popup).getByRole('button', { name: texts.popup.gotIt }));
    expect(await signupButton(s.signedUp)).toBeEnabled();
    // The server's copy is read again after the write.
    await waitFor(() => expect(api.calls('GET', '/api/opps/opp-1/full').length).toBe(2));
  });

  it('rolls the optimistic signup back and names the error when the server refuses', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    api.on('POST /api/register-opp', () => answer.promise);
    const { ui } = renderDetail();
    await ui.click(await signupButton(s.signUpNow));
    expect(await signupButton(s.signedUp)).toBeInTheDocument();
    // The refresh after the failure never lands: only the rollback can restore the screen.
    api.on('GET /api/opps/opp-1/full', () => new Promise(() => undefined));

    answer.resolve({ status: 500, body: { message: 'Database unavailable' } });
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveAttribute('data-variant', 'error');
    expect(within(popup).getByText('Error signing up: Database unavailable')).toBeInTheDocument();
    expect(await signupButton(s.signUpNow)).toBeEnabled();
    expect(screen.getByTestId('participant-count')).toHaveTextContent('0 / 10');
    expect(screen.queryByRole('link', { name: 'Sam Student' })).not.toBeInTheDocument();
  });

  it("shows 'Opportunity Full' and refreshes instead of signing up when the server check says full", async () => {
    const { ui } = renderDetail();
    await signupButton(s.signUpNow);
    // Someone took the last slot since the page loaded.
    detail = anOpportunity({
      involved_users: participants(10),
      registered_count: 10,
      attendee_count: 10,
      slots_left: 0,
    });
    await ui.click(screen.getByRole('button', { name: s.signUpNow }));

    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveAttribute('data-variant', 'warning');
    expect(within(popup).getByText(s.fullTitle)).toBeInTheDocument();
    expect(api.calls('POST', '/api/register-opp')).toHaveLength(0);
    // Refreshed: the button now tells the truth (a full opportunity offers its waitlist).
    expect(await signupButton(texts.waitlist.join)).toBeEnabled();
    expect(screen.getAllByText(d.noSlotsAvailable).length).toBeGreaterThan(0);
  });

  it("shows 'Opportunity Full' and rolls back when the signup itself answers full", async () => {
    api.on('POST /api/register-opp', () => {
      api.on('GET /api/opps/opp-1/full', () => new Promise(() => undefined));
      return {
        status: 409,
        body: {
          type: 'urn:campus:problem:opportunity-full',
          message: 'This opportunity is full: no slots are left.',
        },
      };
    });
    const { ui } = renderDetail();
    await ui.click(await signupButton(s.signUpNow));
    const popup = await screen.findByRole('alertdialog');
    expect(within(popup).getByText(s.fullTitle)).toBeInTheDocument();
    expect(within(popup).queryByText(/Error signing up/)).not.toBeInTheDocument();
    expect(await signupButton(s.signUpNow)).toBeInTheDocument();
  });

  it("reads 'Signed Up ✓' when registered; a click unregisters, rolled back on error", async () => {
    detail = registered(anOpportunity());
    const answer = deferred<{ status: number; body: unknown }>();
    api.on('POST /api/unregister-opp', () => answer.promise);
    const { ui } = renderDetail();
    await ui.click(await signupButton(s.signedUp));
    // Unregistering asks first.
    await ui.click(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: texts.opportunities.unregisterConfirm.confirm,
      }),
    );

    expect(await signupButton(s.signUpNow)).toBeInTheDocument();
    expect(api.calls('POST', '/api/unregister-opp')[0]?.body).toEqual({
      user_id: 'user-1',
      opportunity_id: 'opp-1',
    });
    api.on('GET /api/opps/opp-1/full', () => new Promise(() => undefined));
    answer.resolve({ status: 403, body: { message: 'Cannot unregister within 7 hours' } });
    const popup = await screen.findByRole('alertdialog');
    expect(
      within(popup).getByText('Error un-registering: Cannot unregister within 7 hours'),
    ).toBeInTheDocument();
    expect(await signupButton(s.signedUp)).toBeInTheDocument();
  });

  it('unregisters for good when the server agrees', async () => {
    detail = registered(anOpportunity());
    api.on('POST /api/unregister-opp', () => {
      detail = anOpportunity();
      return { body: { success: true } };
    });
    const { ui } = renderDetail();
    await ui.click(await signupButton(s.signedUp));
    await ui.click(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: texts.opportunities.unregisterConfirm.confirm,
      }),
    );
    expect(await signupButton(s.signUpNow)).toBeEnabled();
    await waitFor(() => expect(api.calls('GET', '/api/opps/opp-1/full').length).toBe(2));
    expect(screen.getByRole('button', { name: s.signUpNow })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("reads 'Event Full' (disabled) when no slot is left for someone not registered, within 7 hours", async () => {
    detail = anOpportunity({
      // The waitlist closes with unregistration, 7 hours before the start (ADR 0010).
      starts_at: afterNow(6 * HOUR),
      total_slots: 2,
      involved_users: participants(2),
      registered_count: 2,
      attendee_count: 2,
      slots_left: 0,
    });
    renderDetail();
    expect(await signupButton(s.eventFull)).toBeDisabled();
    expect(screen.getByTestId('participant-count')).toHaveTextContent('2 / 2');
    expect(screen.queryByText(d.firstSignupBonus)).not.toBeInTheDocument();
  });

  it("reads 'Sign Up Externally' with a redirect link: the dialog opens the link and registers locally", async () => {
    detail = anOpportunity({ redirect_url: 'https://partner.example.org/apply' });
    api.on('POST /api/register-opp', () => ({ status: 201, body: { success: true } }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { ui } = renderDetail();

    await ui.click(await signupButton(s.signUpExternally));
    let dialog = screen.getByRole('dialog', {
      name: texts.opportunities.externalRegistration.title,
    });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(api.calls('POST', '/api/register-opp')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: s.signUpExternally }));
    dialog = screen.getByRole('dialog', { name: texts.opportunities.externalRegistration.title });
    await ui.click(
      within(dialog).getByRole('button', {
        name: texts.opportunities.externalRegistration.confirm,
      }),
    );
    expect(open).toHaveBeenCalledWith(
      'https://partner.example.org/apply',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() => expect(api.calls('POST', '/api/register-opp')).toHaveLength(1));
    expect(await screen.findByText(s.thankYouTitle)).toBeInTheDocument();
  });

  it("asks to tell the nonprofit before unregistering from an external signup ('Unregister Locally')", async () => {
    detail = registered(anOpportunity({ redirect_url: 'https://partner.example.org/apply' }));
    api.on('POST /api/unregister-opp', () => ({ body: { success: true } }));
    const { ui } = renderDetail();

    await ui.click(await signupButton(s.signedUp));
    const title = texts.opportunities.externalUnregistration.title;
    let dialog = screen.getByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent(
      texts.opportunities.externalUnregistration.message('Friends of the River'),
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/api/unregister-opp')).toHaveLength(0);
    expect(screen.getByRole('button', { name: s.signedUp })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: s.signedUp }));
    dialog = screen.getByRole('dialog', { name: title });
    await ui.click(
      within(dialog).getByRole('button', {
        name: texts.opportunities.externalUnregistration.confirm,
      }),
    );
    await waitFor(() => expect(api.calls('POST', '/api/unregister-opp')).toHaveLength(1));
  });

  it('closes unregistration within 7 hours of the start, with the time left and the warning', async () => {
    detail = registered(anOpportunity({ starts_at: afterNow(6 * HOUR + 59 * MINUTE + 30_000) }));
    renderDetail();
    const button = await signupButton(s.unregistrationClosed('6 hours 59 minutes'));
    expect(button).toBeDisabled();
    expect(
      screen.getByText(
        'Unregistration closed within 7 hours of event. Contact organizer if you need to cancel.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Cannot unregister within 7 hours of the event' when the window closed after the page was drawn", async () => {
    detail = registered(anOpportunity({ starts_at: afterNow(7 * HOUR + MINUTE) }));
    const { ui } = renderDetail();
    const button = await signupButton(s.signedUp);
    const drawnAt = Date.now();
    // Two minutes later by every clock, before the card's next tick redraws the button.
    vi.spyOn(Date, 'now').mockImplementation(() => drawnAt + 2 * MINUTE);
    await ui.click(button);

    const popup = await screen.findByRole('alertdialog');
    expect(
      within(popup).getByText('Cannot unregister within 7 hours of the event'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/unregister-opp')).toHaveLength(0);
  });

  it('keeps unregistration open while the start is more than 7 hours away', async () => {
    detail = registered(anOpportunity({ starts_at: afterNow(7 * HOUR + 2 * MINUTE) }));
    renderDetail();
    expect(await signupButton(s.signedUp)).toBeEnabled();
    expect(screen.queryByText(s.unregistrationClosedWarning)).not.toBeInTheDocument();
  });

  it('lets the host unregister a participant inside the 7 hours, in place of the sign-up card', async () => {
    const other = aUser({ id: 'p9', name: 'Pat Participant' });
    detail = registered(
      anOpportunity({ starts_at: afterNow(2 * HOUR), is_host: true, host_user_id: 'user-1' }),
      other,
    );
    api.on('POST /api/unregister-opp', () => ({ body: { success: true, id: 'opp-1' } }));
    const { ui } = renderDetail();
    const button = await screen.findByRole('button', {
      name: hostTexts.admin.unregisterUser('Pat Participant'),
    });
    expect(screen.queryByRole('button', { name: s.signedUp })).not.toBeInTheDocument();
    await ui.click(button);
    const dialog = screen.getByRole('dialog', {
      name: hostTexts.admin.unregisterTitle('Pat Participant'),
    });
    await ui.click(within(dialog).getByRole('button', { name: hostTexts.admin.unregister }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/unregister-opp')[0]?.body).toEqual({
        user_id: 'p9',
        opportunity_id: 'opp-1',
      }),
    );
    expect(
      (await screen.findByText(hostTexts.admin.unregistered('Pat Participant'))).closest(
        '[role="status"]',
      ),
    ).toHaveAttribute('data-tone', 'success');
  });

  it("reads 'Event Already Started' (disabled) once started, registered or not", async () => {
    detail = anOpportunity({ starts_at: afterNow(-10 * MINUTE) });
    const { unmount } = renderDetail();
    expect(await signupButton(s.eventAlreadyStarted)).toBeDisabled();
    expect(screen.getByTestId('time-until')).toHaveTextContent('Event has started');
    expect(screen.queryByText(d.firstSignupBonus)).not.toBeInTheDocument();
    unmount();

    detail = registered(anOpportunity({ starts_at: afterNow(-10 * MINUTE) }));
    renderDetail();
    expect(await signupButton(s.eventAlreadyStarted)).toBeDisabled();
  });
});

describe('the time until the start', () => {
  it.each([
    [30 * MINUTE + 30_000, 'Starts in 30 minutes'],
    [59 * MINUTE + 30_000, 'Starts in 59 minutes'],
    [HOUR + 30_000, 'Starts in 1 hour 0 minutes'],
    [5 * HOUR + 5 * MINUTE + 30_000, 'Starts in 5 hours 5 minutes'],
    [23 * HOUR + 59 * MINUTE + 30_000, 'Starts in 23 hours 59 minutes'],
    [DAY + 30_000, 'Starts in 1 day 0 hours'],
    [2 * DAY + 3 * HOUR + 30_000, 'Starts in 2 days 3 hours'],
    [0, 'Event has started'],
    [-89 * MINUTE, 'Event has started'],
  ])('%i ms ahead reads %s', async (ahead, text) => {
    detail = anOpportunity({ starts_at: afterNow(ahead), duration: 90 });
    renderDetail();
    expect(await screen.findByTestId('time-until')).toHaveTextContent(text);
  });

  it.each([
    ['a day ago', -DAY],
    ['exactly at its end', -90 * MINUTE],
  ])('is left out once the opportunity has ended (%s): the status says it', async (_, ahead) => {
    detail = anOpportunity({ starts_at: afterNow(ahead), duration: 90 });
    renderDetail();
    expect(await screen.findByTestId('past-status')).toHaveTextContent(
      texts.opportunities.past.ended,
    );
    expect(screen.queryByTestId('time-until')).not.toBeInTheDocument();
    expect(screen.queryByText('Event has started')).not.toBeInTheDocument();
    expect(screen.getAllByText(texts.opportunities.past.ended)).toHaveLength(1);
  });

  it("follows the server's clock, not the browser's", async () => {
    // The browser's clock is years away from the server's (TEST_NOW); the text still reads 3 hours.
    detail = anOpportunity({ starts_at: afterNow(3 * HOUR + 30_000) });
    expect(Math.abs(Date.now() - Date.parse(afterNow(0)))).toBeGreaterThan(DAY);
    renderDetail();
    expect(await screen.findByTestId('time-until')).toHaveTextContent(
      'Starts in 3 hours 0 minutes',
    );
  });
});

describe('the side card', () => {
  it('shows the US date, the 12-hour time range across noon, slots left and points', async () => {
    // 11:30 Eastern (EDT) for 90 minutes.
    detail = anOpportunity({ starts_at: '2025-10-08T15:30:00.000Z', duration: 90, points: 90 });
    renderDetail();
    expect(await screen.findByText('Wednesday, October 8, 2025')).toBeInTheDocument();
    expect(screen.getByText('11:30 AM – 1:00 PM')).toBeInTheDocument();
    expect(screen.getByText('10 slots remaining')).toBeInTheDocument();
    expect(screen.getByText('90 points')).toBeInTheDocument();
  });

  it('shows an end past midnight as the next day', async () => {
    detail = anOpportunity({ starts_at: '2025-10-09T03:00:00.000Z', duration: 120 });
    renderDetail();
    expect(await screen.findByText('11:00 PM – 1:00 AM (next day)')).toBeInTheDocument();
  });
});

describe('the detail content', () => {
  it('links http(s) URLs in the description and never renders it as HTML', async () => {
    detail = anOpportunity({
      description:
        'Details: https://river.example.org/plan. Not a link: javascript:alert(1) ' +
        '<img src=x onerror="alert(2)"><b>bold</b>',
    });
    const { container } = renderDetail();
    const link = await screen.findByRole('link', { name: /river\.example\.org/ });
    expect(link).toHaveAttribute('href', 'https://river.example.org/plan');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText(/Not a link: javascript:alert\(1\)/)).toBeInTheDocument();
    expect(screen.getByText(/<img src=x onerror="alert\(2\)"><b>bold<\/b>/)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows the hero, the participants, the announcements and the maps link', async () => {
    detail = anOpportunity({
      involved_users: participants(3),
      registered_count: 3,
      attendee_count: 3,
      slots_left: 7,
      announcements: [{ id: 'a1', text: 'Bring gloves!', posted_at: '2025-10-01T10:00:00.000Z' }],
      top_organizations: [{ id: 'org-2', name: 'Rowing Team', attendee_count: 2 }],
    });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'River Cleanup' })).toBeVisible();
    expect(screen.getByText('Friends of the River')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Green Club' })).toHaveAttribute(
      'href',
      '/group-detail/org-1',
    );
    expect(screen.getByTestId('participant-count')).toHaveTextContent('3 / 10');
    expect(screen.getByText(d.availableSlots(7))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Person 2' })).toHaveAttribute('href', '/profile/p2');
    expect(screen.getByText('Bring gloves!')).toBeInTheDocument();
    expect(screen.getByText(/Posted by host/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /100 River Rd/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=100%20River%20Rd%2C%20Lexington%2C%20VA',
    );
    expect(screen.getByRole('link', { name: 'Rowing Team' })).toHaveAttribute(
      'href',
      '/group-detail/org-2',
    );
    expect(screen.getByText('Environment & Sustainability')).toBeInTheDocument();
    expect(screen.getByText('outdoors')).toBeInTheDocument();
    expect(screen.queryByText(d.youAreTheHost)).not.toBeInTheDocument();
    expect(screen.queryByText(d.adminView)).not.toBeInTheDocument();
  });

  it("shows the host's phone only to registered participants", async () => {
    detail = anOpportunity({
      host: {
        id: 'host-1',
        name: 'Harper Host',
        profile_image: null,
        email: 'host@university.edu',
        phone: '5550001111',
      },
    });
    const { unmount } = renderDetail();
    expect(await screen.findByRole('link', { name: /host@university\.edu/ })).toHaveAttribute(
      'href',
      'mailto:host@university.edu',
    );
    expect(screen.queryByText('5550001111')).not.toBeInTheDocument();
    unmount();

    detail = registered(detail);
    renderDetail();
    expect(await screen.findByRole('link', { name: /5550001111/ })).toHaveAttribute(
      'href',
      'tel:5550001111',
    );
  });

  it('stops offering slots once the opportunity has ended by the server clock', async () => {
    // Started 2 hours ago for 90 minutes: over.
    detail = anOpportunity({ starts_at: afterNow(-2 * HOUR), duration: 90, slots_left: 10 });
    const { unmount } = renderDetail();
    expect(await screen.findByTestId('participant-count')).toHaveTextContent('0 / 10');
    expect(screen.queryByText(d.availableSlots(10))).not.toBeInTheDocument();
    unmount();

    detail = anOpportunity({
      starts_at: afterNow(-2 * HOUR),
      duration: 90,
      total_slots: 2,
      involved_users: participants(2),
      registered_count: 2,
      attendee_count: 2,
      slots_left: 0,
    });
    const second = renderDetail();
    await screen.findByTestId('participant-count');
    const section = (await screen.findByRole('heading', { name: /^Participants/ })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).queryByText(d.noSlotsAvailable)).not.toBeInTheDocument();
    second.unmount();

    // Still running (started 1 hour ago for 90 minutes): the slots line stays.
    detail = anOpportunity({ starts_at: afterNow(-HOUR), duration: 90, slots_left: 10 });
    renderDetail();
    expect(await screen.findByText(d.availableSlots(10))).toBeInTheDocument();
  });

  it("shows 'You are the host' to the host and 'Admin View' to admins", async () => {
    detail = anOpportunity({ is_host: true });
    const { unmount } = renderDetail();
    expect(await screen.findByText(d.youAreTheHost)).toBeInTheDocument();
    unmount();

    detail = anOpportunity();
    renderDetail(aUser({ id: 'admin-1', email: 'admin@university.edu', admin: true }));
    expect(await screen.findByText(d.adminView)).toBeInTheDocument();
  });

  it("says 'Opportunity not found.' for a 404", async () => {
    api.on('GET /api/opps/opp-1/full', () => ({
      status: 404,
      body: { message: 'Opportunity not found.' },
    }));
    renderDetail();
    expect(await screen.findByText(texts.notFound.opportunity)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: s.signUpNow })).not.toBeInTheDocument();
  });

  it('offers a retry when the detail fails to load', async () => {
    let fail = true;
    api.on('GET /api/opps/opp-1/full', () =>
      fail ? { status: 503, body: { message: 'Service unavailable' } } : { body: detail },
    );
    const { ui } = renderDetail();
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await ui.click(screen.getByRole('button', { name: texts.common.retry }));
    expect(await signupButton(s.signUpNow)).toBeInTheDocument();
  });
});

describe("'Go to host tools' in the host's facts card", () => {
  const host = aUser({ id: 'host-1', name: 'Harper Host', email: 'host@university.edu' });

  it('jumps to the tools heading, before the check-in code, and gives it focus', async () => {
    detail = anOpportunity({ is_host: true, starts_at: afterNow(-HOUR), duration: 90 });
    const { ui } = renderDetail(host);
    const facts = (await screen.findByRole('heading', { name: hostTexts.facts.title })).closest(
      'section',
    ) as HTMLElement;
    const jump = within(facts).getByRole('link', { name: hostTexts.facts.goToTools });
    const target = jump.getAttribute('href') ?? '';
    expect(target).toMatch(/^#./);

    const heading = document.getElementById(target.slice(1));
    expect(heading).toBe(screen.getByRole('heading', { name: hostTexts.tools.title }));
    const tools = screen.getByRole('region', { name: hostTexts.tools.title });
    const checkIn = within(tools).getByRole('heading', { name: checkInTexts.host.title });
    expect(
      (heading as HTMLElement).compareDocumentPosition(checkIn) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await ui.click(jump);
    expect(heading).toHaveFocus();
  });

  it('is not offered to a student, who has no tools', async () => {
    renderDetail();
    expect(await signupButton(s.signUpNow)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: hostTexts.facts.goToTools })).toBeNull();
    expect(screen.queryByRole('heading', { name: hostTexts.tools.title })).toBeNull();
  });
});
