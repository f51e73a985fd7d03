import { describe, expect, it } from 'vitest';
import { isNavItemActive, sidebarNavItems, type NavContext } from './navigation';

const labelsOf = (nav: NavContext) => sidebarNavItems(nav).map((item) => item.label);

describe('the hours pages in the sidebar', () => {
  it('links Service Hours for everyone, and Verify Hours for admins and hosts only', () => {
    const student = labelsOf({ userId: 'u-1', isAdmin: false });
    expect(student).toContain('Service Hours');
    expect(student).not.toContain('Verify Hours');
    expect(labelsOf({ userId: 'u-1', isAdmin: false, hostsOrganizations: true })).toContain(
      'Verify Hours',
    );
    expect(labelsOf({ userId: 'a-1', isAdmin: true })).toContain('Verify Hours');
  });

  it('marks Service Hours current on /hours only, Verify Hours on /hours/verify', () => {
    const items = sidebarNavItems({ userId: 'a-1', isAdmin: true });
    const item = (label: string) => items.find((i) => i.label === label)!;
    expect(isNavItemActive(item('Service Hours'), '/hours')).toBe(true);
    expect(isNavItemActive(item('Service Hours'), '/hours/verify')).toBe(false);
    expect(isNavItemActive(item('Verify Hours'), '/hours/verify')).toBe(true);
    expect(isNavItemActive(item('Verify Hours'), '/hours')).toBe(false);
  });
});
