import { texts } from '@campus/contracts';
import type { ComponentType } from 'react';
import {
  CalendarIcon,
  ClipboardIcon,
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
};

export type NavContext = { userId: string; isAdmin: boolean };

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
const admin = (label: string): NavItem => ({
  label,
  href: paths.admin.getHref(),
  icon: ShieldIcon,
});

/** Desktop header: Events, Groups, Admin Page (admins), Leaderboard, About Us, Profile. */
export const headerNavItems = ({ userId, isAdmin }: NavContext): NavItem[] => [
  events,
  groups,
  ...(isAdmin ? [admin(texts.nav.adminPage)] : []),
  leaderboard,
  aboutUs,
  profile(userId),
];

/** Mobile sidebar: About Us, My Opportunities, Admin Panel (admins); Report Bug is added by the sidebar. */
export const sidebarNavItems = ({ isAdmin }: NavContext): NavItem[] => [
  aboutUs,
  { label: texts.nav.myOpportunities, href: paths.myOpportunities.getHref(), icon: ClipboardIcon },
  ...(isAdmin ? [admin(texts.nav.adminPanel)] : []),
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
  pathname.startsWith(`${item.href}/`) ||
  (item.activeOn ?? []).some((prefix) => pathname.startsWith(prefix));
