import { texts } from '@campus/contracts';
import type { ComponentType } from 'react';
import {
  CalendarIcon,
  ChartIcon,
  CheckCircleIcon,
  ClipboardIcon,
  ClockIcon,
  InfoIcon,
  ShieldIcon,
  TrophyIcon,
  UserIcon,
  UsersIcon,
  type IconProps,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';

export type NavItem = {
  label: string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Path prefixes (besides `href`) on which the item is the current one. */
  activeOn?: readonly string[];
  /** Current on `href` itself only, not on the paths below it (another item has those). */
  exact?: boolean;
};

export type NavContext = {
  userId: string;
  isAdmin: boolean;
  /** Hosts an approved organization: their impact dashboard is linked (false until known). */
  hostsOrganizations?: boolean;
};

const events: NavItem = {
  label: texts.nav.events,
  href: paths.opportunities.getHref(),
  icon: CalendarIcon,
  activeOn: ['/opportunity/', paths.createOpportunity.getHref()],
};
const groups: NavItem = {
  label: texts.nav.groups,
  href: paths.groups.getHref(),
  icon: UsersIcon,
  activeOn: ['/group-detail/'],
};
const leaderboard: NavItem = {
  label: texts.nav.leaderboard,
  href: paths.leaderboard.getHref(),
  icon: TrophyIcon,
};
const aboutUs: NavItem = {
  label: texts.nav.aboutUs,
  href: paths.aboutUs.getHref(),
  icon: InfoIcon,
};
const profile = (userId: string): NavItem => ({
  label: texts.nav.profile,
  href: paths.profile.getHref(userId),
  icon: UserIcon,
});
const serviceHours: NavItem = {
  label: texts.pages.serviceHours,
  href: paths.serviceHours.getHref(),
  icon: ClockIcon,
  exact: true,
};
const verifyHours: NavItem = {
  label: texts.pages.verifyHours,
  href: paths.verifyHours.getHref(),
  icon: CheckCircleIcon,
};
const admin = (label: string): NavItem => ({
  label,
  href: paths.admin.getHref(),
  icon: ShieldIcon,
});
/** The impact dashboard: admins, and hosts for their organizations. */
const impact = ({ isAdmin, hostsOrganizations = false }: NavContext): NavItem[] =>
  isAdmin || hostsOrganizations
    ? [{ label: texts.nav.impact, href: paths.impact.getHref(), icon: ChartIcon }]
    : [];

/**
 * Desktop header: Events, Groups, Admin Page (admins), Impact (admins and hosts), Leaderboard,
 * About Us, Profile.
 */
export const headerNavItems = (nav: NavContext): NavItem[] => [
  events,
  groups,
  ...(nav.isAdmin ? [admin(texts.nav.adminPage)] : []),
  ...impact(nav),
  leaderboard,
  aboutUs,
  profile(nav.userId),
];

/**
 * Mobile sidebar: About Us, My Opportunities, Service Hours, Verify Hours (admins and hosts),
 * Admin Panel (admins); Report Bug is added by the sidebar.
 */
export const sidebarNavItems = (nav: NavContext): NavItem[] => [
  aboutUs,
  { label: texts.nav.myOpportunities, href: paths.myOpportunities.getHref(), icon: ClipboardIcon },
  serviceHours,
  ...(nav.isAdmin || nav.hostsOrganizations ? [verifyHours] : []),
  ...(nav.isAdmin ? [admin(texts.nav.adminPanel)] : []),
  // Impact (admins and hosts).
  ...impact(nav),
];

/** Mobile bottom tab bar: Events, Groups, Leaderboard, Profile, Admin (admins). */
export const tabBarItems = ({ userId, isAdmin }: NavContext): NavItem[] => [
  events,
  groups,
  leaderboard,
  profile(userId),
  ...(isAdmin ? [admin(texts.nav.admin)] : []),
];

export const isNavItemActive = (item: NavItem, pathname: string): boolean =>
  pathname === item.href ||
  (!item.exact && pathname.startsWith(`${item.href}/`)) ||
  (item.activeOn ?? []).some((prefix) => pathname.startsWith(prefix));
