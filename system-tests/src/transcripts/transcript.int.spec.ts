import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  easternToday,
  routes,
  serviceHoursTexts,
  transcriptTexts,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { binary, pdfText, usDateOf } from '../stack/pdf-text';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'transcript-admin@university.edu';
const t = transcriptTexts;
const logged = serviceHoursTexts.transcript;

describe('service transcript PDF', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let amy: TestAccount;
  let ben: TestAccount;
  const path = (user: TestAccount) =>
    buildPath(routes.getServiceTranscript.path, { id: user.userId });
  const download = (user: TestAccount, as: TestAccount) =>
    stack.read(path(user), as.token).buffer(true).parse(binary);

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'transcript' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host' });
    amy = await f.user('amy', { first: 'Amy', last: 'Able' });
    ben = await f.user('ben', { first: 'Ben', last: 'Bold' });
    const club = await f.organization(host, { name: 'Green Club', admin });
    const park = await f.opportunity(
      host,
      club.id,
      { name: 'Park Cleanup', date: '2026-03-10', duration: 90 },
      admin,
    );
    const pantry = await f.opportunity(
      host,
      club.id,
      {
        name: 'Food Pantry Shift',
        date: '2026-03-12',
        duration: 60,
        causes: ['Food Security and Hunger Relief'],
      },
      admin,
    );
    const missed = await f.opportunity(
      host,
      club.id,
      { name: 'Beach Sweep', date: '2026-03-11' },
      admin,
    );
    for (const id of [park, pantry, missed]) {
      await f.signUp(amy, id);
      await f.signUp(ben, id);
    }
    stack.clock.set('2026-03-10T20:00:00.000Z');
    await f.markAttendance(host, park, [amy, ben], 90);
    stack.clock.set('2026-03-11T20:00:00.000Z');
    await f.markAttendance(host, missed, [ben], 60); // Amy was absent: not on her transcript.
    stack.clock.set('2026-03-12T20:00:00.000Z');
    await f.markAttendance(host, pantry, [amy], 45); // The submitted duration counts.
    // Service Amy did off the platform (docs/service-hours.md): verified by the organization's
    // host or an admin it is listed; rejected or waiting, it is not.
    const cleanup = await f.logHours(amy, club.id, {
      date: '2026-03-09',
      minutes: 30,
      cause: 'Environment & Sustainability',
    });
    await f.decideHours(host, cleanup, 'approve');
    const shelter = await f.logHours(
      amy,
      { outside: 'Riverside Shelter' },
      { date: '2026-03-11', minutes: 65, cause: 'Homelessness Relief' },
    );
    await f.decideHours(admin, shelter, 'approve');
    const refused = await f.logHours(amy, club.id, { date: '2026-03-08', minutes: 15 });
    await f.decideHours(host, refused, 'reject', 'Not one of our shifts.');
    await f.logHours(amy, club.id, { date: '2026-03-07', minutes: 20, cause: 'Religious' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('gives the student a PDF of their verified service with its rows, sources and totals', async () => {
    const response = await download(amy, amy);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(t.fileName(amy.userId));
    const body = response.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    expect(text).toContain(t.title);
    expect(text).toContain(t.student('Amy Able'));
    expect(text).toMatch(/Opportunity\s+Organization\s+Date\s+Minutes\s+Cause\s+Source/);
    expect(text).toMatch(
      /Park Cleanup\s+Green Club\s+Mar 10, 2026\s+90\s+Environment & Sustainability\s+Platform/,
    );
    expect(text).toMatch(
      /Food Pantry Shift\s+Green Club\s+Mar 12, 2026\s+45\s+Food Security and Hunger\s+Relief/,
    );
    // Verified logged service, with who verified it.
    expect(text).toMatch(
      /Logged service\s+Green Club\s+Mar 9, 2026\s+30\s+Environment & Sustainability\s+Logged, verified by\s+Hal Host/,
    );
    expect(text).toMatch(
      /Logged service\s+Riverside Shelter\s+Mar 11, 2026\s+65\s+Homelessness Relief\s+Logged, verified by\s+Ada Admin/,
    );
    // Rejected and waiting logs are not verified service.
    expect(text).not.toContain('Mar 8, 2026');
    expect(text).not.toContain('Mar 7, 2026');
    expect(text).not.toContain('Religious');
    // Dates as the screens write them (US English), never as ISO dates.
    expect(text).toContain(t.generated(usDateOf(easternToday(stack.clock.now()))));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain('Beach Sweep');
    // Oldest first, platform and logged rows together.
    const order = ['Mar 9, 2026', 'Park Cleanup', 'Riverside Shelter', 'Food Pantry Shift'];
    const at = order.map((needle) => text.indexOf(needle));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Opportunities are the platform's; minutes, hours and causes count the logged ones too.
    expect(text).toContain(t.totalOpportunities(2));
    expect(text).toContain(t.totalMinutes(230));
    expect(text).toContain(logged.loggedTotal(95));
    expect(text).toContain(t.totalHours('3.8'));
    expect(text).toContain('Environment & Sustainability: 120');
    expect(text).toContain('Homelessness Relief: 65');
    expect(text).toContain('Food Security and Hunger Relief: 45');
  });

  it("lets an admin download any student's transcript; others get 403, anonymous 401", async () => {
    const byAdmin = await download(ben, admin);
    expect(byAdmin.status).toBe(200);
    const text = await pdfText(byAdmin.body as Buffer);
    expect(text).toContain(t.student('Ben Bold'));
    expect(text).toContain('Beach Sweep');
    expect(text).toContain(t.totalMinutes(150));
    expect(text).not.toContain('Food Pantry Shift');
    expect(text).not.toContain('Riverside Shelter');
    expect(text).not.toContain(logged.loggedTotal(0));

    expect((await stack.read(path(ben), amy.token)).status).toBe(403);
    expect((await stack.read(path(amy), host.token)).status).toBe(403);
    expect((await request(stack.queryApp).get(path(amy))).status).toBe(401);
  });

  it('shows an empty transcript for a student with no verified service, and 404 for unknown ids', async () => {
    const response = await download(host, host);
    expect(response.status).toBe(200);
    const text = await pdfText(response.body as Buffer);
    expect(text).toContain(t.empty);
    expect(text).toContain(t.totalMinutes(0));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await stack.read(
        buildPath(routes.getServiceTranscript.path, { id }),
        admin.token,
      );
      expect(missing.status, id).toBe(404);
    }
  });
});
