import { describe, expect, it } from 'vitest';
import { teamMembers } from '@campus/frontend/team';
import { planDemo, type DemoPlan } from './plan';

/**
 * The About page's team and the demo campus tell one story: each member is a demo user with the
 * name, major and class year the page states, in exactly the organizations it lists (approved
 * ones, so they show on the profile).
 */
const storyOf = (plan: DemoPlan) =>
  teamMembers.map((member) => {
    const user = plan.users.find((u) => u.email === member.email);
    const organizations = plan.organizations
      .filter((o) => o.host === member.email || o.members.includes(member.email))
      .map((o) => ({ name: o.name, approved: o.approved }));
    return { member, user, organizations };
  });

describe.each([1, 0.3])('the demo campus at scale %s', (scale) => {
  const plan = planDemo(scale);

  it('registers every team member under the name the About page shows', () => {
    for (const { member, user } of storyOf(plan)) {
      expect(user, member.email).toBeDefined();
      expect(`${user?.firstName ?? ''} ${user?.lastName ?? ''}`).toBe(member.name);
    }
  });

  it('gives each team member the major and class year the About page states', () => {
    for (const { member, user } of storyOf(plan)) {
      expect({ who: member.name, major: user?.major, classYear: user?.graduationYear }).toEqual({
        who: member.name,
        major: member.major,
        classYear: member.classYear,
      });
      // The bio names the same major and hometown.
      expect(user?.bio ?? '', member.name).toContain(
        `${member.major} student from ${member.hometown}`,
      );
    }
  });

  it('puts each team member in exactly the organizations the About page lists, all approved', () => {
    const names = new Set(plan.organizations.map((o) => o.name));
    for (const { member, organizations } of storyOf(plan)) {
      for (const organization of member.organizations)
        expect(names.has(organization), `${member.name}: ${organization}`).toBe(true);
      expect({
        who: member.name,
        organizations: organizations.map((o) => o.name).sort(),
      }).toEqual({ who: member.name, organizations: [...member.organizations].sort() });
      expect(organizations.every((o) => o.approved)).toBe(true);
    }
  });
});
