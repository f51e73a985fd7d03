import type { MyOpportunityItem, OpportunityDetail, OpportunityListItem } from '@campus/contracts';

/** An opportunity as GET /api/opps answers it: open, nobody registered, a week after the test clock. */
export const aListItem = (overrides: Partial<OpportunityListItem> = {}): OpportunityListItem => ({
  id: 'opp-1',
  name: 'River Cleanup',
  nonprofit: 'Friends of the River',
  description: 'Help us clean the riverbank.',
  date: '2025-10-08',
  time: '14:30',
  starts_at: '2025-10-08T18:30:00.000Z',
  duration: 90,
  address: '100 River Rd, Lexington, VA',
  points: 90,
  total_slots: 10,
  imageUrl: '/files/river.jpg',
  causes: ['Environment & Sustainability'],
  tags: ['outdoors'],
  isPrivate: false,
  qualifications: [],
  comments: [],
  redirect_url: null,
  host_id: 'host-1',
  host_user_id: 'host-1',
  host_org_id: 'org-1',
  host_org_name: 'Green Club',
  approved: true,
  attendance_marked: false,
  visibility: [],
  involved_users: [],
  host_user_name: 'Harper Host',
  registered_count: 0,
  slots_left: 10,
  attendee_preview: [],
  attendee_count: 0,
  attendee_more: 0,
  top_organizations: [],
  is_host: false,
  is_registered: false,
  ...overrides,
});

/** An item of GET /api/my-opportunities: a list item whose attendance earned nothing yet. */
export const aMyItem = (overrides: Partial<MyOpportunityItem> = {}): MyOpportunityItem => ({
  ...aListItem(),
  earned_points: null,
  ...overrides,
});

/** GET /api/opps/{id}/full for a student who is not registered. */
export const anOpportunity = (overrides: Partial<OpportunityDetail> = {}): OpportunityDetail => ({
  ...aListItem(),
  announcements: [],
  host: {
    id: 'host-1',
    name: 'Harper Host',
    profile_image: null,
    email: 'host@university.edu',
  },
  attended: null,
  earned_points: null,
  ...overrides,
});

/** `n` registered participants (ids p1..pn). */
export const participants = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${String(i + 1)}`,
    name: `Person ${String(i + 1)}`,
    profile_image: null,
    organizationIds: [],
    registered: true,
    attended: false,
  }));
