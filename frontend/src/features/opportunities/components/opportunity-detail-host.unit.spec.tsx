import {
  texts,
  updateOpportunitySchema,
  type OpportunityDetail,
  hostTexts,
} from '@campus/contracts';
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
const host = aUser({ id: 'host-1', name: 'Harper Host', email: 'host@university.edu' });
const admin = aUser({
  id: 'admin-1',
  name: 'Ada Admin',
  email: 'admin@university.edu',
  admin: true,
});
const student = aUser({ id: 'user-1' });

const withContacts = (n: number) =>
  participants(n).map((p, i) => ({
    ...p,
    email: `person${String(i + 1)}@university.edu`,
    phone: `555000000${String(i + 1)}`,
  }));

/** A started opportunity the host runs, with `n` participants. */
const hosted = (n: number, overrides: Partial<OpportunityDetail> = {}): OpportunityDetail =>
  anOpportunity({
    is_host: true,
    starts_at: afterNow(-HOUR),
    duration: 90,
    involved_users: withContacts(n),
    registered_count: n,
    attendee_count: n,
    slots_left: 10 - n,
    ...overrides,
  });

let api: ReturnType<typeof fakeApi>;
let detail: OpportunityDetail;
const ack = () => ({ body: { success: true, id: 'opp-1' } });

beforeEach(() => {
  api = fakeApi();
  detail = hosted(2);
  api.on('GET /api/opps/opp-1/full', () => ({ body: detail }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDetail = (user = host) => {
  const view = renderScreen(<OpportunityDetailScreen id="opp-1" />, {
    user,
    path: '/opportunity/opp-1',
  });
  return { ...view, ui: userEvent.setup() };
};

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement;

/** A message drawn as a success (the check glyph and colours), announced politely. */
const expectSuccess = (element: HTMLElement) => {
  const box = element.closest('[role="status"]');
  expect(box).toHaveAttribute('data-tone', 'success');
};

/** The open confirmation dialog's button. */
const confirmIn = (title: string, button: string) =>
  within(screen.getByRole('dialog', { name: title })).getByRole('button', { name: button });

describe('the host and admin view', () => {
  it("shows the host 'You are the host' and the host panel instead of the sign-up card", async () => {
    renderDetail();
    expect(await screen.findByText(texts.opportunities.detail.youAreTheHost)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: h.attendance.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: h.slots.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: h.communication.title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: h.admin.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.opportunities.signup.signUpNow })).toBeNull();
  });

  it("shows an admin 'Admin View', the admin tools and the event history link", async () => {
    detail = hosted(2, { is_host: false });
    renderDetail(admin);
    expect(await screen.findByText(texts.opportunities.detail.adminView)).toBeInTheDocument();
    const tools = await card(h.admin.title);
    expect(within(tools).getByRole('link', { name: h.manage.eventHistory })).toHaveAttribute(
      'href',
      '/admin/opportunities/opp-1/history',
    );
  });

  it('keeps the date, time, duration, points, approval and location beside the tools', async () => {
    // 11:30 Eastern (EDT) for 90 minutes, not approved yet.
    detail = hosted(2, {
      starts_at: '2025-10-08T15:30:00.000Z',
      duration: 90,
      points: 90,
      approved: false,
    });
    const { unmount } = renderDetail();
    const facts = await card(h.facts.title);
    expect(within(facts).getByText('Wednesday, October 8, 2025')).toBeInTheDocument();
    expect(within(facts).getByText('11:30 AM – 1:00 PM')).toBeInTheDocument();
    expect(within(facts).getByText(h.facts.durationValue(90))).toHaveTextContent(
      '1 hour 30 minutes',
    );
    expect(within(facts).getByText('90 points')).toBeInTheDocument();
    expect(within(facts).getByTestId('approval-state')).toHaveTextContent(h.facts.pending);
    expect(within(facts).getByText(h.facts.pendingHint)).toBeInTheDocument();
    expect(within(facts).getByText('100 River Rd, Lexington, VA')).toBeInTheDocument();
    unmount();

    detail = hosted(2, { is_host: false, approved: true });
    renderDetail(admin);
    const adminFacts = await card(h.facts.title);
    expect(within(adminFacts).getByTestId('approval-state')).toHaveTextContent(h.facts.approved);
    expect(within(adminFacts).queryByText(h.facts.pending)).not.toBeInTheDocument();
  });

  it('orders the facts, then the description, then the long tools', async () => {
    renderDetail();
    const facts = await screen.findByRole('heading', { name: h.facts.title });
    const about = screen.getByRole('heading', { name: texts.opportunities.detail.about });
    const attendance = screen.getByRole('heading', { name: h.attendance.title });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(facts, about)).toBe(true);
    expect(follows(about, attendance)).toBe(true);
  });

  it("does not tell the host or an admin that the host's phone comes with signing up", async () => {
    const { unmount } = renderDetail();
    await card(h.attendance.title);
    expect(
      screen.getByRole('heading', { name: texts.opportunities.detail.contactHost }),
    ).toBeVisible();
    expect(screen.queryByText(texts.opportunities.detail.phoneAfterSignup)).not.toBeInTheDocument();
    unmount();

    detail = hosted(2, { is_host: false });
    const second = renderDetail(admin);
    await card(h.admin.title);
    expect(screen.queryByText(texts.opportunities.detail.phoneAfterSignup)).not.toBeInTheDocument();
    second.unmount();

    // A student who has not signed up still gets the hint.
    detail = anOpportunity();
    renderDetail(student);
    expect(
      await screen.findByText(texts.opportunities.detail.phoneAfterSignup),
    ).toBeInTheDocument();
  });

  it('gives a student none of the tools', async () => {
    detail = anOpportunity();
    renderDetail(student);
    await screen.findByRole('heading', { name: detail.name });
    expect(screen.queryByRole('button', { name: h.manage.editDetails })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: h.attendance.title })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(h.announcements.title)).not.toBeInTheDocument();
  });
});

describe('Attendance Management', () => {
  it('starts at the duration, clamps hours to 24 and minutes to 59, resets non-numbers to 0', async () => {
    const { ui } = renderDetail();
    const hours = await screen.findByLabelText(h.attendance.hours);
    const minutes = screen.getByLabelText(h.attendance.minutes);
    expect(hours).toHaveValue('1');
    expect(minutes).toHaveValue('30');
    await ui.clear(hours);
    await ui.type(hours, '30');
    expect(hours).toHaveValue('24');
    await ui.clear(minutes);
    await ui.type(minutes, '75');
    expect(minutes).toHaveValue('59');
    await ui.type(hours, 'x');
    expect(hours).toHaveValue('0');
  });

  it('disables the submit button when hours and minutes are both 0', async () => {
    const { ui } = renderDetail();
    const submit = await screen.findByRole('button', { name: h.attendance.submit });
    expect(submit).toBeEnabled();
    await ui.clear(screen.getByLabelText(h.attendance.hours));
    await ui.clear(screen.getByLabelText(h.attendance.minutes));
    expect(screen.getByLabelText(h.attendance.minutes)).toHaveValue('0');
    expect(submit).toBeDisabled();
    await ui.type(screen.getByLabelText(h.attendance.minutes), '5');
    expect(submit).toBeEnabled();
  });

  it('submits only the checked participants with hours*60+minutes, then locks them', async () => {
    api.on('PUT /api/attendance', () => {
      detail = hosted(2, {
        attendance_marked: true,
        involved_users: withContacts(2).map((p) => ({ ...p, attended: p.id === 'p1' })),
      });
      return ack();
    });
    const { ui } = renderDetail();
    await ui.click(await screen.findByRole('checkbox', { name: h.attendance.present('Person 1') }));
    await ui.clear(screen.getByLabelText(h.attendance.hours));
    await ui.type(screen.getByLabelText(h.attendance.hours), '2');
    await ui.clear(screen.getByLabelText(h.attendance.minutes));
    await ui.type(screen.getByLabelText(h.attendance.minutes), '15');
    await ui.click(screen.getByRole('button', { name: h.attendance.submit }));

    // It cannot be undone: the counts are confirmed first, and Cancel sends nothing.
    const dialog = screen.getByRole('dialog', { name: h.attendance.confirmTitle });
    expect(dialog).toHaveTextContent(h.attendance.confirmMessage(1, 1, 135));
    expect(dialog).toHaveTextContent('Marked attended: 1. Marked did not attend: 1.');
    expect(dialog).toHaveTextContent('2 hours 15 minutes');
    expect(dialog).toHaveTextContent('cannot be undone');
    await ui.click(within(dialog).getByRole('button', { name: h.attendance.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/attendance')).toHaveLength(0);
    await ui.click(screen.getByRole('button', { name: h.attendance.submit }));
    await ui.click(confirmIn(h.attendance.confirmTitle, h.attendance.confirm));

    expect(
      await screen.findByRole('button', { name: h.attendance.alreadySubmitted }),
    ).toBeDisabled();
    expect(api.calls('PUT', '/api/attendance')[0]?.body).toEqual({
      opportunity_id: 'opp-1',
      user_ids: ['p1'],
      duration: 135,
    });
    const attendance = await card(h.attendance.title);
    expect(within(attendance).getByText(h.attendance.attended)).toBeInTheDocument();
    expect(within(attendance).getByText(h.attendance.didNotAttend)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: h.attendance.present('Person 1') })).toBeDisabled();
    expect(screen.queryByLabelText(h.attendance.hours)).not.toBeInTheDocument();
    expect(within(attendance).getByRole('status')).toHaveTextContent(h.attendance.submitted(1, 1));
    expectSuccess(within(attendance).getByText(h.attendance.submitted(1, 1)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the attendance went through but the page could not refresh', async () => {
    api.on('PUT /api/attendance', () => {
      api.on('GET /api/opps/opp-1/full', () => ({ status: 503, body: { message: 'Busy' } }));
      return ack();
    });
    const { ui } = renderDetail();
    await ui.click(await screen.findByRole('button', { name: h.attendance.submit }));
    await ui.click(confirmIn(h.attendance.confirmTitle, h.attendance.confirm));
    expect(await screen.findByText(h.attendance.displayFailed)).toBeInTheDocument();
  });

  it('shows the locked state when attendance was already submitted', async () => {
    detail = hosted(2, {
      attendance_marked: true,
      involved_users: withContacts(2).map((p) => ({ ...p, attended: p.id === 'p2' })),
    });
    renderDetail();
    expect(
      await screen.findByRole('button', { name: h.attendance.alreadySubmitted }),
    ).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: h.attendance.present('Person 2') })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: h.attendance.present('Person 1') }),
    ).not.toBeChecked();
  });

  it("names the server's refusal, and waits for the start", async () => {
    api.on('PUT /api/attendance', () => ({ status: 409, body: { message: 'Too late' } }));
    const { ui, unmount } = renderDetail();
    await ui.click(await screen.findByRole('button', { name: h.attendance.submit }));
    await ui.click(confirmIn(h.attendance.confirmTitle, h.attendance.confirm));
    expect(await screen.findByText(h.attendance.submitFailed('Too late'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    detail = hosted(2, { starts_at: afterNow(HOUR) });
    renderDetail();
    expect(await screen.findByRole('button', { name: h.attendance.submit })).toBeDisabled();
    expect(screen.getByText(h.attendance.notStarted)).toBeInTheDocument();
  });
});

describe('Slot Management', () => {
  it('refuses a limit below the participants or not a whole number; no change just closes', async () => {
    detail = hosted(3);
    const { ui } = renderDetail();
    const slots = await card(h.slots.title);
    expect(within(slots).getByText(h.slots.rule)).toBeInTheDocument();
    await ui.click(within(slots).getByRole('button', { name: h.slots.edit }));
    const input = within(slots).getByLabelText(h.slots.limit);
    await ui.clear(input);
    await ui.type(input, '2');
    await ui.click(within(slots).getByRole('button', { name: h.slots.save }));
    expect(within(slots).getByText(h.slots.belowParticipants(3))).toBeInTheDocument();
    await ui.clear(input);
    await ui.type(input, '0');
    await ui.click(within(slots).getByRole('button', { name: h.slots.save }));
    expect(within(slots).getByText(h.slots.wholeNumber)).toBeInTheDocument();
    await ui.clear(input);
    await ui.type(input, '10');
    await ui.click(within(slots).getByRole('button', { name: h.slots.save }));
    expect(within(slots).queryByLabelText(h.slots.limit)).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/opps/opp-1')).toHaveLength(0);
  });

  it('sends a new limit, and names a failure', async () => {
    let fail = false;
    api.on('PUT /api/opps/opp-1', () =>
      fail ? { status: 400, body: { message: 'Nope' } } : ack(),
    );
    const { ui } = renderDetail();
    const slots = await card(h.slots.title);
    await ui.click(within(slots).getByRole('button', { name: h.slots.edit }));
    await ui.clear(within(slots).getByLabelText(h.slots.limit));
    await ui.type(within(slots).getByLabelText(h.slots.limit), '12');
    await ui.click(within(slots).getByRole('button', { name: h.slots.save }));
    await waitFor(() =>
      expect(api.calls('PUT', '/api/opps/opp-1')[0]?.body).toEqual({ total_slots: 12 }),
    );
    expect(await within(slots).findByRole('status')).toHaveTextContent(h.slots.updated(12));
    expectSuccess(within(slots).getByText(h.slots.updated(12)));
    fail = true;
    await ui.click(await within(slots).findByRole('button', { name: h.slots.edit }));
    await ui.clear(within(slots).getByLabelText(h.slots.limit));
    await ui.type(within(slots).getByLabelText(h.slots.limit), '15');
    await ui.click(within(slots).getByRole('button', { name: h.slots.save }));
    expect(await within(slots).findByText(h.slots.updateFailed('Nope'))).toBeInTheDocument();
  });
});

describe('Communication', () => {
  it('drafts one email to every participant and copies their phone numbers', async () => {
    const { ui } = renderDetail();
    const box = await card(h.communication.title);
    const link = within(box).getByRole('link', { name: h.communication.emailAll });
    expect(link.getAttribute('href')).toContain(
      'bcc=person1%40university.edu,person2%40university.edu',
    );
    await ui.click(within(box).getByRole('button', { name: h.communication.copyPhones }));
    expect(await within(box).findByText(h.communication.copied(2))).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('5550000001, 5550000002');
  });

  it('says so when nobody has an email or a phone number', async () => {
    detail = hosted(0);
    const { ui } = renderDetail();
    const box = await card(h.communication.title);
    await ui.click(within(box).getByRole('button', { name: h.communication.emailAll }));
    expect(within(box).getByText(h.communication.noEmails)).toBeInTheDocument();
    await ui.click(within(box).getByRole('button', { name: h.communication.copyPhones }));
    expect(within(box).getByText(h.communication.noPhones)).toBeInTheDocument();
  });
});

describe('announcements', () => {
  it('needs text, posts it trimmed, and names a failure', async () => {
    let fail = false;
    api.on('POST /api/opps/opp-1/announcements', () =>
      fail ? { status: 500, body: { message: 'Boom' } } : { status: 201, ...ack() },
    );
    const { ui } = renderDetail();
    const field = await screen.findByLabelText(h.announcements.title);
    await ui.type(field, '   ');
    await ui.click(screen.getByRole('button', { name: h.announcements.post }));
    // Nothing is posted, and the field says why and takes the focus back.
    expect(screen.getByText(h.announcements.required)).toBeInTheDocument();
    expect(h.announcements.required).toBe('Write a message before posting.');
    expect(field).toHaveAccessibleDescription(h.announcements.required);
    expect(field).toHaveFocus();
    expect(api.calls('POST', '/api/opps/opp-1/announcements')).toHaveLength(0);
    await ui.clear(field);
    await ui.type(field, '  Bring water  ');
    expect(screen.queryByText(h.announcements.required)).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: h.announcements.post }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/opps/opp-1/announcements')[0]?.body).toEqual({
        text: 'Bring water',
      }),
    );
    await waitFor(() => expect(field).toHaveValue(''));
    expectSuccess(await screen.findByText(h.announcements.posted));
    fail = true;
    await ui.type(field, 'Again');
    await ui.click(screen.getByRole('button', { name: h.announcements.post }));
    expect(await screen.findByText(h.announcements.failed('Boom'))).toBeInTheDocument();
  });
});

describe('edit mode', () => {
  it('edits the details with the edit rules, and names a failure', async () => {
    let fail = false;
    api.on('PUT /api/opps/opp-1', () =>
      fail ? { status: 400, body: { message: 'Bad date' } } : ack(),
    );
    const { ui } = renderDetail();
    await ui.click(await screen.findByRole('button', { name: h.manage.editDetails }));
    // The form's code loads on the first edit.
    const form = await screen.findByRole('form', { name: h.manage.editTitle });
    const duration = within(form).getByLabelText(h.manage.duration);
    await ui.clear(duration);
    await ui.type(duration, '0');
    await ui.click(within(form).getByRole('button', { name: h.manage.save }));
    const tooShort = updateOpportunitySchema.safeParse({ duration: 0 }).error?.issues[0]?.message;
    expect(within(form).getByText(tooShort ?? '?')).toBeInTheDocument();

    await ui.clear(duration);
    await ui.type(duration, '50');
    await ui.clear(within(form).getByLabelText(h.manage.name));
    await ui.type(within(form).getByLabelText(h.manage.name), 'River Cleanup II');
    fail = true;
    await ui.click(within(form).getByRole('button', { name: h.manage.save }));
    expect(await screen.findByText(h.manage.updateFailed('Bad date'))).toBeInTheDocument();
    fail = false;
    await ui.click(within(form).getByRole('button', { name: h.manage.save }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: h.manage.editTitle })).not.toBeInTheDocument(),
    );
    expectSuccess(screen.getByText(h.manage.updated));
    expect(api.calls('PUT', '/api/opps/opp-1').at(-1)?.body).toMatchObject({
      name: 'River Cleanup II',
      duration: 50,
      date: detail.date,
      time: detail.time,
    });
    // Editing again clears the message; closing without saving says nothing.
    await ui.click(screen.getByRole('button', { name: h.manage.editDetails }));
    expect(screen.queryByText(h.manage.updated)).not.toBeInTheDocument();
    await ui.click(
      within(screen.getByRole('form', { name: h.manage.editTitle })).getByRole('button', {
        name: h.manage.cancel,
      }),
    );
    expect(screen.queryByRole('form', { name: h.manage.editTitle })).not.toBeInTheDocument();
    expect(screen.queryByText(h.manage.updated)).not.toBeInTheDocument();
  });

  it("asks 'This action cannot be undone.' before deleting, then leaves", async () => {
    api.on('DELETE /api/opps/opp-1', () => ack());
    const { ui } = renderDetail();
    await ui.click(await screen.findByRole('button', { name: h.manage.deleteOpportunity }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(h.manage.deleteConfirm)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: h.manage.delete })).toHaveAttribute(
      'data-destructive',
      'true',
    );
    await ui.click(within(dialog).getByRole('button', { name: h.manage.cancel }));
    expect(api.calls('DELETE', '/api/opps/opp-1')).toHaveLength(0);
    await ui.click(screen.getByRole('button', { name: h.manage.deleteOpportunity }));
    await ui.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: h.manage.delete }),
    );
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/opps/opp-1')).toHaveLength(1);
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveAttribute('data-variant', 'success');
    expect(within(popup).getByText(h.manage.deletedTitle)).toBeInTheDocument();
    expect(within(popup).getByText(h.manage.deleted('River Cleanup'))).toBeInTheDocument();
  });

  it('names a failed delete', async () => {
    api.on('DELETE /api/opps/opp-1', () => ({ status: 403, body: { message: 'Not yours' } }));
    const { ui } = renderDetail();
    await ui.click(await screen.findByRole('button', { name: h.manage.deleteOpportunity }));
    await ui.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: h.manage.delete }),
    );
    expect(await screen.findByText(h.manage.deleteFailed('Not yours'))).toBeInTheDocument();
  });

  it('clones into the create form', async () => {
    const { ui } = renderDetail();
    await ui.click(await screen.findByRole('button', { name: h.manage.cloneOpportunity }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('refuses a non-image and uploads a new image', async () => {
    api.on('POST /upload', () => ({ status: 201, body: { url: '/files/new.png' } }));
    api.on('PUT /api/opps/opp-1', () => ack());
    const { ui } = renderDetail();
    await screen.findByRole('button', { name: h.manage.changeImage });
    const input = screen.getByLabelText(h.manage.changeImage, { selector: 'input' });
    // As if the picker let anything through: the check is the screen's own.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(h.create.imageTypeError)).toBeInTheDocument();
    await ui.upload(input, new File(['png'], 'new.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(api.calls('PUT', '/api/opps/opp-1')[0]?.body).toEqual({ image: '/files/new.png' }),
    );
    expect(api.calls('POST', '/upload')).toHaveLength(1);
    expectSuccess(await screen.findByText(h.manage.imageUpdated));
  });
});

describe('admin tools', () => {
  it('unapproves the opportunity after confirming, says so, and names a failure', async () => {
    let fail = true;
    api.on('PUT /api/opps/opp-1', () => {
      if (fail) return { status: 500, body: { message: 'Down' } };
      detail = { ...detail, approved: false };
      return ack();
    });
    detail = hosted(1, { is_host: false });
    const { ui } = renderDetail(admin);
    const tools = await card(h.admin.title);
    await ui.click(within(tools).getByRole('button', { name: h.admin.unapprove }));
    const dialog = screen.getByRole('dialog', { name: h.admin.unapproveTitle });
    expect(dialog).toHaveTextContent(h.admin.unapproveConfirm);
    expect(
      within(dialog).getByRole('button', { name: h.admin.unapproveConfirmButton }),
    ).toHaveAttribute('data-destructive', 'true');
    await ui.click(within(dialog).getByRole('button', { name: h.admin.cancel }));
    expect(api.calls('PUT', '/api/opps/opp-1')).toHaveLength(0);

    await ui.click(within(tools).getByRole('button', { name: h.admin.unapprove }));
    await ui.click(confirmIn(h.admin.unapproveTitle, h.admin.unapproveConfirmButton));
    expect(await within(tools).findByText(h.admin.unapproveFailed('Down'))).toBeInTheDocument();
    fail = false;
    await ui.click(within(tools).getByRole('button', { name: h.admin.unapprove }));
    await ui.click(confirmIn(h.admin.unapproveTitle, h.admin.unapproveConfirmButton));
    await waitFor(() =>
      expect(api.calls('PUT', '/api/opps/opp-1').at(-1)?.body).toEqual({ approved: false }),
    );
    expectSuccess(await within(tools).findByText(h.admin.unapproved));
    expect(within(tools).queryByText(h.admin.unapproveFailed('Down'))).not.toBeInTheDocument();
    // The facts follow the refreshed opportunity.
    expect(await within(await card(h.facts.title)).findByText(h.facts.pending)).toBeInTheDocument();
  });

  it('registers a user found by name; the registered one is disabled', async () => {
    api.on('GET /api/users', ({ url }) => ({
      body:
        url.searchParams.get('q') === 'pe'
          ? [aUser({ id: 'p1', name: 'Person 1' }), aUser({ id: 'u7', name: 'Penny New' })]
          : [],
    }));
    let fail = false;
    api.on('POST /api/register-opp', () =>
      fail ? { status: 409, body: { message: 'Already' } } : { status: 201, ...ack() },
    );
    detail = hosted(1, { is_host: false });
    const { ui } = renderDetail(admin);
    const tools = await card(h.admin.title);
    await ui.type(within(tools).getByLabelText(h.admin.searchUsers), 'pe');
    expect(
      await within(tools).findByRole('button', { name: `Person 1: ${h.admin.alreadyRegistered}` }),
    ).toBeDisabled();
    await ui.click(within(tools).getByRole('button', { name: `${h.admin.register} Penny New` }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/register-opp')[0]?.body).toEqual({
        user_id: 'u7',
        opportunity_id: 'opp-1',
      }),
    );
    expectSuccess(await within(tools).findByText(h.admin.registered('Penny New')));
    fail = true;
    await ui.click(within(tools).getByRole('button', { name: `${h.admin.register} Penny New` }));
    expect(await within(tools).findByText(h.admin.registerFailed)).toBeInTheDocument();
  });

  it('blocks registering at full capacity with the message', async () => {
    api.on('GET /api/users', () => ({ body: [aUser({ id: 'u7', name: 'Penny New' })] }));
    detail = hosted(2, { is_host: false, total_slots: 2, slots_left: 0 });
    const { ui } = renderDetail(admin);
    const tools = await card(h.admin.title);
    expect(within(tools).getByText(h.admin.capacity)).toBeInTheDocument();
    await ui.type(within(tools).getByLabelText(h.admin.searchUsers), 'pe');
    expect(
      await within(tools).findByRole('button', { name: `${h.admin.register} Penny New` }),
    ).toBeDisabled();
  });

  it('unregisters any participant after confirming their name, and names a failure', async () => {
    api.on('POST /api/unregister-opp', () => ({ status: 500, body: { message: 'x' } }));
    detail = hosted(2, { is_host: false });
    const { ui } = renderDetail(admin);
    await ui.click(await screen.findByRole('button', { name: h.admin.unregisterUser('Person 2') }));
    const dialog = screen.getByRole('dialog', { name: 'Unregister Person 2?' });
    expect(dialog).toHaveTextContent(h.admin.unregisterConfirm('Person 2'));
    expect(within(dialog).getByRole('button', { name: h.admin.unregister })).toHaveAttribute(
      'data-destructive',
      'true',
    );
    await ui.click(within(dialog).getByRole('button', { name: h.admin.cancel }));
    expect(api.calls('POST', '/api/unregister-opp')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: h.admin.unregisterUser('Person 2') }));
    await ui.click(confirmIn(h.admin.unregisterTitle('Person 2'), h.admin.unregister));
    expect(await screen.findByText(h.admin.unregisterFailed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/unregister-opp')[0]?.body).toEqual({
      user_id: 'p2',
      opportunity_id: 'opp-1',
    });
  });
});
