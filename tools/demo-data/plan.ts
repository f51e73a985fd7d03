import { base, en, en_US, Faker } from '@faker-js/faker';
import { CAUSES, type Cause, type OrganizationType } from '@campus/contracts';
import { teamMembers } from '@campus/frontend/team';

/**
 * The demo campus as a plan: who registers, which organizations exist, which opportunities run
 * when, who signs up, attends and befriends whom. Pure and deterministic (faker with a fixed seed):
 * the same scale gives the same campus; only the calendar dates follow today. `load.ts` carries the
 * plan out through the command API.
 */
const DEMO_SEED = 20_250_916;

type PlannedUser = {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly carSeats: number;
  readonly gender: string | null;
  readonly graduationYear: number | null;
  readonly academicLevel: string | null;
  readonly major: string | null;
  readonly bio: string | null;
  readonly interests: readonly Cause[];
};

type PlannedOrganization = {
  readonly key: string;
  readonly name: string;
  readonly type: OrganizationType;
  readonly description: string;
  /** Email of the student who creates (and hosts) it. */
  readonly host: string;
  /** Left unapproved for the Admin Panel when false. */
  readonly approved: boolean;
  readonly members: readonly string[];
};

/** When an opportunity starts: a day relative to today at a time, or hours from now (soon). */
export type PlannedStart =
  | { readonly kind: 'day'; readonly dayOffset: number; readonly time: string }
  | { readonly kind: 'soon'; readonly hoursFromNow: number };

export type PlannedOpportunity = {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly nonprofit: string | null;
  readonly address: string;
  readonly host: string;
  readonly hostOrg: string;
  readonly start: PlannedStart;
  readonly durationMinutes: number;
  readonly totalSlots: number;
  readonly causes: readonly Cause[];
  readonly tags: readonly string[];
  readonly imageIndex: number;
  /** Organization keys; non-empty makes it private to their members. */
  readonly visibility: readonly string[];
  readonly redirectUrl: string | null;
  /** Created by a non-admin host: left for the Admin Panel when false. */
  readonly approved: boolean;
  readonly participants: readonly string[];
  /** Past opportunities: who attended (attendance submitted), or null when not submitted yet. */
  readonly attendance: { readonly attended: readonly string[]; readonly minutes: number } | null;
  readonly announcements: readonly string[];
};

/** Service a student did off the platform and logged (docs/service-hours.md). */
export type PlannedServiceLog = {
  readonly key: string;
  readonly student: string;
  /** A platform organization's key, or null for an outside one (`outside` names it). */
  readonly organization: string | null;
  readonly outside: string | null;
  /** Days from today: when the service was done, and when it was logged (same day or later). */
  readonly serviceDayOffset: number;
  readonly loggedDayOffset: number;
  readonly minutes: number;
  readonly cause: Cause;
  readonly description: string;
  readonly verifierName: string;
  readonly verifierEmail: string;
  /** Who decides (the organization's host, or the admin for an outside one), when, and how. */
  readonly decision: {
    readonly by: string;
    readonly dayOffset: number;
    readonly approve: boolean;
    readonly reason: string | null;
  } | null;
};

type FriendshipOutcome = 'pending' | 'friends' | 'declined' | 'removed';
type PlannedFriendship = {
  readonly from: string;
  readonly to: string;
  readonly outcome: FriendshipOutcome;
};

export type DemoPlan = {
  readonly admin: PlannedUser;
  readonly users: readonly PlannedUser[];
  readonly organizations: readonly PlannedOrganization[];
  readonly opportunities: readonly PlannedOpportunity[];
  readonly friendships: readonly PlannedFriendship[];
  readonly serviceLogs: readonly PlannedServiceLog[];
  /** Outside addresses the admins approved (nonprofit partners). The last one marks a full load. */
  readonly approvedEmails: readonly string[];
  readonly imageColors: readonly (readonly [[number, number, number], [number, number, number]])[];
};

export const ADMIN_EMAIL = 'admin@university.edu';
export const HOST_EMAIL = 'host@university.edu';
export const STUDENT_EMAIL = 'student@university.edu';

const ORGANIZATIONS: readonly (readonly [string, OrganizationType, string])[] = [
  [
    'Alpha Phi Omega',
    'Fraternity',
    'A co-ed service fraternity built on leadership, friendship and service.',
  ],
  [
    'Sigma Chi',
    'Fraternity',
    'Brothers who raise funds and volunteer hours for the children’s hospital every spring.',
  ],
  [
    'Delta Gamma',
    'Sorority',
    'Sisterhood with a passion for service for sight and literacy projects in town.',
  ],
  [
    'Kappa Delta',
    'Sorority',
    'Confidence through service: mentoring girls and supporting prevent-child-abuse programs.',
  ],
  [
    'Pre-Med Society',
    'Professional Club',
    'Future physicians who volunteer at clinics, blood drives and health fairs.',
  ],
  [
    'Engineers Without Borders',
    'Professional Club',
    'Student engineers designing sustainable projects with partner communities.',
  ],
  [
    'Accounting Club',
    'Professional Club',
    'Free tax preparation help (VITA) for families in the county every spring.',
  ],
  [
    'Women’s Soccer',
    'Sports Team',
    'The varsity team gives back with youth clinics and park cleanups.',
  ],
  [
    'Club Rowing',
    'Sports Team',
    'Early mornings on the river, and river cleanups a few Saturdays a semester.',
  ],
  [
    'University Chorale',
    'Performing Arts Group',
    'We sing at senior centers and the hospital during the holidays.',
  ],
  [
    'Improv Troupe',
    'Performing Arts Group',
    'Comedy nights that raise money for the community food bank.',
  ],
  [
    'Solar Car Team',
    'Project Team',
    'Building a solar race car and teaching STEM workshops at local schools.',
  ],
  [
    'Habitat Build Team',
    'Project Team',
    'The campus chapter of Habitat for Humanity: build days and repair projects.',
  ],
  [
    'Latin American Student Association',
    'Cultural',
    'Celebrating Latin American cultures and supporting newcomer families.',
  ],
  [
    'Asian Student Union',
    'Cultural',
    'Community, culture and service: Lunar New Year festival and ESL tutoring.',
  ],
  [
    'African Students Association',
    'Cultural',
    'Culture nights, mentorship and partnerships with local refugee services.',
  ],
  [
    'Campus Service Corps',
    'Community Service',
    'The university’s volunteer corps: weekly shifts with our nonprofit partners.',
  ],
  [
    'Food Recovery Network',
    'Community Service',
    'We rescue surplus dining-hall food and deliver it to shelters.',
  ],
  [
    'Big Buddies',
    'Community Service',
    'Mentoring elementary school students after school, one buddy at a time.',
  ],
  [
    'Campus Ministry',
    'Religious',
    'Worship, fellowship and service; we started this hub to serve together.',
  ],
  [
    'Hillel',
    'Religious',
    'Jewish student life: Shabbat dinners, holidays and tikkun olam projects.',
  ],
  [
    'Muslim Student Association',
    'Religious',
    'Faith and service: Ramadan food drives and interfaith meal packing.',
  ],
  [
    'Green Campus Coalition',
    'Other',
    'Composting, recycling audits and tree plantings across campus.',
  ],
  ['Chess Club', 'Other', 'Weekly games, tournaments and chess lessons at the public library.'],
  ['Outdoor Adventure Club', 'Other', 'Hikes, trail maintenance days and park stewardship.'],
  ['Film Society', 'Other', 'Screenings with discussions; proceeds go to the literacy council.'],
  [
    'Robotics Outreach',
    'Project Team',
    'Robotics kits and mentoring for the middle school FIRST teams.',
  ],
  [
    'Dance Marathon',
    'Performing Arts Group',
    'A year of fundraising ending in a 12-hour dance marathon.',
  ],
];

type Template = {
  readonly name: string;
  readonly causes: readonly Cause[];
  readonly nonprofit: string | null;
  readonly tags: readonly string[];
  readonly text: string;
};

const TEMPLATES: readonly Template[] = [
  {
    name: 'Riverside Park Cleanup',
    causes: ['Environment & Sustainability'],
    nonprofit: 'Friends of Riverside Park',
    tags: ['outdoors', 'gloves provided'],
    text: 'Help us clear litter and invasive plants along the river trail.',
  },
  {
    name: 'Tree Planting on the Quad',
    causes: ['Environment & Sustainability'],
    nonprofit: 'City Tree Trust',
    tags: ['outdoors', 'no experience needed'],
    text: 'Plant native trees with the grounds crew. Shovels and snacks provided.',
  },
  {
    name: 'Campus Recycling Audit',
    causes: ['Environment & Sustainability', 'Education'],
    nonprofit: null,
    tags: ['indoors', 'data'],
    text: 'Sort a week of residence-hall recycling and record what ends up where.',
  },
  {
    name: 'Food Pantry Sorting Shift',
    causes: ['Food Security and Hunger Relief'],
    nonprofit: 'County Community Food Bank',
    tags: ['indoors', 'lifting'],
    text: 'Sort donated food and pack boxes for families in the county.',
  },
  {
    name: 'Community Fridge Restock',
    causes: ['Food Security and Hunger Relief', 'Homelessness Relief'],
    nonprofit: 'Neighbors Fridge Project',
    tags: ['quick shift'],
    text: 'Pick up produce at the farmers market and restock the downtown community fridges.',
  },
  {
    name: 'Soup Kitchen Dinner Service',
    causes: ['Food Security and Hunger Relief', 'Homelessness Relief'],
    nonprofit: 'St. Vincent Soup Kitchen',
    tags: ['evening', 'food handling'],
    text: 'Cook, serve and clean up a hot dinner for our guests.',
  },
  {
    name: 'Shelter Breakfast Crew',
    causes: ['Homelessness Relief'],
    nonprofit: 'Harbor House Shelter',
    tags: ['early morning'],
    text: 'Prepare and serve breakfast at the family shelter.',
  },
  {
    name: 'Winter Coat Drive Sorting',
    causes: ['Homelessness Relief'],
    nonprofit: 'Harbor House Shelter',
    tags: ['indoors', 'seasonal'],
    text: 'Sort and size donated coats for the distribution day.',
  },
  {
    name: 'Literacy Tutoring at Lincoln Elementary',
    causes: ['Education'],
    nonprofit: 'Literacy Council',
    tags: ['kids', 'background check'],
    text: 'Read one-on-one with second graders who are building confidence.',
  },
  {
    name: 'ESL Conversation Partners',
    causes: ['Education'],
    nonprofit: 'Refugee Welcome Center',
    tags: ['conversation', 'weekly'],
    text: 'Practise everyday English with adult learners over coffee.',
  },
  {
    name: 'STEM Workshop for Middle Schoolers',
    causes: ['Education'],
    nonprofit: null,
    tags: ['kids', 'STEM'],
    text: 'Run hands-on experiments with middle school students.',
  },
  {
    name: 'Campus Blood Drive Check-in',
    causes: ['Health and Wellness'],
    nonprofit: 'Regional Blood Center',
    tags: ['indoors', 'customer service'],
    text: 'Welcome donors, check them in and hand out snacks afterwards.',
  },
  {
    name: 'Mental Health 5K Water Station',
    causes: ['Health and Wellness'],
    nonprofit: 'Mind Matters Alliance',
    tags: ['outdoors', 'morning'],
    text: 'Staff a water station and cheer on runners raising awareness.',
  },
  {
    name: 'Senior Center Game Night',
    causes: ['Health and Wellness', 'Other'],
    nonprofit: 'Maple Grove Senior Center',
    tags: ['evening', 'games'],
    text: 'Bingo, cards and conversation with residents.',
  },
  {
    name: 'Interfaith Meal Packing',
    causes: ['Religious', 'Food Security and Hunger Relief'],
    nonprofit: 'Interfaith Council',
    tags: ['indoors', 'assembly line'],
    text: 'Pack 10,000 meals alongside students of every faith community.',
  },
  {
    name: 'Church Fall Festival Setup',
    causes: ['Religious'],
    nonprofit: 'First Community Church',
    tags: ['setup', 'lifting'],
    text: 'Set up booths and games for the neighborhood fall festival.',
  },
  {
    name: 'Habitat Build Day',
    causes: ['Homelessness Relief', 'Other'],
    nonprofit: 'Habitat for Humanity',
    tags: ['construction', 'closed-toe shoes'],
    text: 'Frame walls and paint at our current build site. Training on site.',
  },
  {
    name: 'Animal Shelter Dog Walking',
    causes: ['Other'],
    nonprofit: 'County Humane Society',
    tags: ['outdoors', 'animals'],
    text: 'Walk and socialize dogs waiting for their families.',
  },
  {
    name: 'Library Book Sale Helpers',
    causes: ['Education', 'Other'],
    nonprofit: 'Friends of the Public Library',
    tags: ['indoors'],
    text: 'Sort donated books and help shoppers at the annual sale.',
  },
  {
    name: 'Hospital Welcome Desk',
    causes: ['Health and Wellness'],
    nonprofit: 'University Medical Center',
    tags: ['indoors', 'patients'],
    text: 'Greet visitors and guide them through the hospital.',
  },
];

const CLOSERS = [
  'Bring a water bottle and a friend.',
  'Training is given on site by the coordinator.',
  'Great for first-time volunteers.',
  'We finish with a short reflection together.',
  'Carpools leave from the student center 20 minutes before the start.',
  'Wear clothes you do not mind getting dirty.',
  'Snacks are on us; tell the host about allergies.',
];
const MAJORS = [
  'Biology',
  'Computer Science',
  'Nursing',
  'Business Administration',
  'Psychology',
  'Education',
  'Mechanical Engineering',
  'English',
  'Political Science',
  'Accounting',
  'Music',
  'Social Work',
];
const LEVELS = ['Freshman', 'Sophomore', 'Junior', 'Senior', 'Graduate'];
const TIMES = [
  '08:00',
  '09:00',
  '09:30',
  '10:00',
  '13:00',
  '14:00',
  '15:30',
  '17:00',
  '18:00',
  '19:00',
];
const PARTNERS = [
  'coordinator@countyfoodbank.org',
  'volunteers@harborhouse.org',
  'outreach@literacycouncil.org',
];

/** How big a campus: 1 is the full demo; the browser tests may load a smaller one. */
export const planDemo = (scale = 1): DemoPlan => {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(DEMO_SEED);
  const pick = <T>(items: readonly T[]): T => faker.helpers.arrayElement(items);
  const some = <T>(items: readonly T[], min: number, max: number): T[] =>
    faker.helpers.arrayElements(items, { min, max: Math.min(max, items.length) });
  const chance = (p: number) => faker.datatype.boolean({ probability: p });

  const usedEmails = new Set<string>();
  const person = (first: string, last: string, email?: string): PlannedUser => {
    const local = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    let address = email ?? `${local}@university.edu`;
    for (let n = 2; usedEmails.has(address); n++) address = `${local}${String(n)}@university.edu`;
    usedEmails.add(address);
    const hasCar = chance(0.25);
    const withProfile = chance(0.7);
    return {
      email: address,
      firstName: first,
      lastName: last,
      phone: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
      carSeats: hasCar ? faker.number.int({ min: 1, max: 6 }) : 0,
      gender: chance(0.6) ? faker.person.sex() : null,
      graduationYear: faker.number.int({ min: 2026, max: 2030 }),
      academicLevel: pick(LEVELS),
      major: pick(MAJORS),
      bio: withProfile
        ? `${pick(MAJORS)} student from ${faker.location.city()}. ${faker.helpers.arrayElement([
            'I love early-morning shifts.',
            'Always up for a build day.',
            'Looking for friends to volunteer with!',
            'Tutoring is my favourite way to help.',
            'Ask me about the food bank.',
          ])}`
        : null,
      interests: withProfile ? some(CAUSES, 1, 3) : [],
    };
  };

  const admin = person('Avery', 'Admin', ADMIN_EMAIL);
  const host = person('Harper', 'Host', HOST_EMAIL);
  const student = person('Sam', 'Student', STUDENT_EMAIL);
  // The About page's team, as the page presents them: major, class year and (below) organizations.
  const team = teamMembers.map((m): PlannedUser => {
    const [first = m.name, ...rest] = m.name.split(' ');
    return {
      ...person(first, rest.join(' ') || first, m.email),
      major: m.major,
      graduationYear: m.classYear,
      // The page states the class year only; a level could contradict it as the years pass.
      academicLevel: null,
      bio: `${m.roleTitle}. ${m.major} student from ${m.hometown}.`,
    };
  });
  const studentCount = Math.max(40, Math.round(300 * scale));
  const students: PlannedUser[] = [];
  for (let i = 0; i < studentCount; i++)
    students.push(person(faker.person.firstName(), faker.person.lastName()));

  const everyone = [host, student, ...team, ...students];
  const emails = everyone.map((u) => u.email);

  // Organizations: every type, hosted by a student (host@ hosts the Campus Service Corps). Team
  // members belong to exactly the organizations the About page lists for them.
  const teamEmails = new Set(team.map((u) => u.email));
  const teamIn = (name: string) =>
    teamMembers.filter((m) => m.organizations.includes(name)).map((m) => m.email);
  const unapprovedOrgs = new Set(['Film Society', 'Robotics Outreach', 'Dance Marathon']);
  const organizations: PlannedOrganization[] = ORGANIZATIONS.map(([name, type, description], i) => {
    const orgHost = name === 'Campus Service Corps' ? HOST_EMAIL : (students[i] ?? student).email;
    const approved = !unapprovedOrgs.has(name);
    const members = approved ? some(emails, 4, Math.max(6, Math.round(24 * scale))) : [];
    return {
      key: `org-${String(i)}`,
      name,
      type,
      description,
      host: orgHost,
      approved,
      members: [
        ...new Set([
          ...members.filter((e) => e !== orgHost && !teamEmails.has(e)),
          ...(approved ? teamIn(name) : []),
        ]),
      ],
    };
  });
  const approvedOrgs = organizations.filter((o) => o.approved);
  // student@ belongs to two organizations, one of which has private events.
  const withStudent = (org: PlannedOrganization | undefined) => {
    if (org && !org.members.includes(STUDENT_EMAIL)) (org.members as string[]).push(STUDENT_EMAIL);
  };
  withStudent(approvedOrgs.find((o) => o.name === 'Campus Service Corps'));
  withStudent(approvedOrgs.find((o) => o.name === 'Green Campus Coalition'));

  const membersOf = (org: PlannedOrganization) => [org.host, ...org.members];

  // Opportunities: about 40% in the past six weeks, the rest in the next five weeks.
  const opportunityCount = Math.max(24, Math.round(80 * scale));
  const pastCount = Math.round(opportunityCount * 0.4);
  const opportunities: PlannedOpportunity[] = [];
  const hostOrganization = approvedOrgs.find((o) => o.host === HOST_EMAIL) ?? pick(approvedOrgs);
  for (let i = 0; i < opportunityCount; i++) {
    const past = i < pastCount;
    const template = TEMPLATES[i % TEMPLATES.length] ?? pick(TEMPLATES);
    // A few past events still wait for their attendance; the last of them is host@'s.
    const awaitingAttendance = past && i >= pastCount - 2;
    const org = i % 9 === 0 || i === pastCount - 1 ? hostOrganization : pick(approvedOrgs);
    const totalSlots = pick([6, 8, 10, 10, 12, 15, 20, 25]);
    const privateToOrg = !past && i % 10 === 3;
    const eligible = (privateToOrg ? membersOf(org) : emails).filter(
      (e) => e !== org.host && e !== STUDENT_EMAIL,
    );
    const approved = past || i % 12 !== 6;
    const full = !past && i % 11 === 5;
    const wanted = !approved
      ? 0
      : past
        ? faker.number.int({ min: 3, max: totalSlots })
        : full
          ? totalSlots
          : faker.number.int({ min: 0, max: Math.max(0, totalSlots - 1) });
    const participants = some(eligible, Math.min(wanted, eligible.length), wanted);
    // student@ is registered for host@'s events (past, awaiting attendance, and upcoming).
    if (org.host === HOST_EMAIL && !full && approved) {
      if (participants.length >= totalSlots) participants.pop();
      participants.push(STUDENT_EMAIL);
    }
    const durationMinutes = pick([60, 90, 120, 120, 150, 180, 240]);
    const start: PlannedStart = past
      ? { kind: 'day', dayOffset: -faker.number.int({ min: 1, max: 42 }), time: pick(TIMES) }
      : i === pastCount || i === pastCount + 1
        ? { kind: 'soon', hoursFromNow: i === pastCount ? 3 : 5 }
        : { kind: 'day', dayOffset: faker.number.int({ min: 1, max: 35 }), time: pick(TIMES) };
    opportunities.push({
      key: `opp-${String(i)}`,
      name: template.name,
      description: `${template.text}\n\n${pick(CLOSERS)} Details: https://volunteer.university.edu/events`,
      nonprofit: template.nonprofit,
      address: `${faker.location.streetAddress()}, College Town`,
      host: org.host,
      hostOrg: org.key,
      start,
      durationMinutes,
      totalSlots,
      causes: template.causes,
      tags: template.tags,
      imageIndex: i % 8,
      visibility: privateToOrg ? [org.key] : [],
      redirectUrl: !past && i % 13 === 7 ? 'https://www.volunteermatch.org/' : null,
      approved,
      participants,
      attendance:
        past && !awaitingAttendance
          ? {
              attended: participants.filter(() => chance(0.85)),
              minutes: chance(0.8) ? durationMinutes : Math.max(30, durationMinutes - 30),
            }
          : null,
      announcements: chance(0.35)
        ? [
            pick([
              'Parking is free in lot C.',
              'Please arrive 10 minutes early.',
              'Wear comfortable shoes!',
              'We will meet at the main entrance.',
            ]),
          ]
        : [],
    });
  }

  // Friendships in every state; student@ has friends, requests both ways and a declined one.
  const friendships: PlannedFriendship[] = [];
  const pairs = new Set<string>();
  const befriend = (from: string, to: string, outcome: FriendshipOutcome) => {
    const pair = [from, to].sort().join('|');
    if (from === to || pairs.has(pair)) return;
    pairs.add(pair);
    friendships.push({ from, to, outcome });
  };
  const others = [host, ...team, ...students].map((u) => u.email);
  others.slice(2, 7).forEach((e) => befriend(e, STUDENT_EMAIL, 'friends'));
  others.slice(7, 9).forEach((e) => befriend(e, STUDENT_EMAIL, 'pending'));
  befriend(STUDENT_EMAIL, others[9] ?? HOST_EMAIL, 'pending');
  befriend(others[10] ?? HOST_EMAIL, STUDENT_EMAIL, 'declined');
  team.forEach((a, i) => team.slice(i + 1).forEach((b) => befriend(a.email, b.email, 'friends')));
  const outcomes: FriendshipOutcome[] = [
    'friends',
    'friends',
    'friends',
    'friends',
    'pending',
    'declined',
    'removed',
  ];
  const friendshipCount = Math.round(studentCount * 2.5);
  for (let i = 0; i < friendshipCount; i++) befriend(pick(emails), pick(emails), pick(outcomes));

  // Service logged off the platform: most verified by the organization's host (or the admin for
  // an outside organization), some rejected, some waiting; student@ has one of each, and host@'s
  // Campus Service Corps has logs waiting for host@. Logged after the campus opened (three weeks
  // before its earliest past event), for service up to four months before that.
  const earliestPastDay = Math.min(
    -1,
    ...opportunities.map((o) => (o.start.kind === 'day' ? o.start.dayOffset : 0)),
  );
  const corps = approvedOrgs.find((o) => o.host === HOST_EMAIL) ?? hostOrganization;
  const serviceLogs: PlannedServiceLog[] = [];
  const logCount = Math.max(30, Math.round(160 * scale));
  for (let i = 0; i < logCount; i++) {
    const who = i < 3 ? STUDENT_EMAIL : pick(students).email;
    const outside = i === 1 || (i >= 3 && chance(0.25));
    const candidates = approvedOrgs.filter((o) => o.host !== who);
    const org = i === 0 || i === 2 || (i >= 3 && i % 10 === 4) ? corps : pick(candidates);
    const loggedDayOffset = faker.number.int({ min: earliestPastDay - 20, max: -1 });
    const serviceDayOffset = loggedDayOffset - faker.number.int({ min: 0, max: 120 });
    // student@: verified (0), verified outside (1), waiting for host@ (2); corps logs often wait.
    const waits = i === 2 || (i >= 3 && (org === corps && !outside ? chance(0.5) : chance(0.1)));
    const rejected = !waits && i >= 3 && chance(0.08);
    const template = pick(TEMPLATES);
    serviceLogs.push({
      key: `log-${String(i)}`,
      student: who,
      organization: outside ? null : org.key,
      outside: outside ? (template.nonprofit ?? 'Neighborhood Association') : null,
      serviceDayOffset,
      loggedDayOffset,
      minutes: pick([45, 60, 90, 120, 120, 180, 240]),
      cause: template.causes[0] ?? 'Other',
      description: `${template.text} ${pick(CLOSERS)}`,
      verifierName: faker.person.fullName(),
      verifierEmail: faker.internet.email({ provider: 'volunteer-partner.org' }).toLowerCase(),
      decision: waits
        ? null
        : {
            by: outside ? ADMIN_EMAIL : org.host,
            dayOffset: Math.min(0, loggedDayOffset + faker.number.int({ min: 1, max: 5 })),
            approve: !rejected,
            reason: rejected
              ? pick([
                  'We have no record of this shift. Please check the date.',
                  'These hours were already counted at the event on the platform.',
                ])
              : chance(0.3)
                ? 'Thank you for your help!'
                : null,
          },
    });
  }

  const imageColors: DemoPlan['imageColors'] = [
    [
      [46, 125, 50],
      [165, 214, 167],
    ],
    [
      [21, 101, 192],
      [144, 202, 249],
    ],
    [
      [239, 108, 0],
      [255, 204, 128],
    ],
    [
      [173, 20, 87],
      [244, 143, 177],
    ],
    [
      [69, 39, 160],
      [179, 157, 219],
    ],
    [
      [0, 121, 107],
      [128, 203, 196],
    ],
    [
      [93, 64, 55],
      [188, 170, 164],
    ],
    [
      [198, 40, 40],
      [239, 154, 154],
    ],
  ];

  return {
    admin,
    users: everyone,
    organizations,
    opportunities,
    friendships,
    serviceLogs,
    approvedEmails: PARTNERS,
    imageColors,
  };
};
