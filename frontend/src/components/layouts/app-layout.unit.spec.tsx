import { texts, type User } from '@campus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { AppLayout } from './app-layout';

const student = aUser({ id: 'student-7', first_name: 'Sam', name: 'Sam Student', points: 95 });
const admin = aUser({ id: 'admin-1', first_name: 'Avery', name: 'Avery Admin', admin: true });

const renderLayout = (
  user: User,
  { pending = null, path = '/opportunities' }: { pending?: number | null; path?: string } = {},
) => {
  const onLogout = vi.fn();
  const view = renderWithProviders(
    <AppLayout
      userId={user.id}
      user={user}
      supportEmail="bugs@university.edu"
      pendingFriendRequests={pending}
      search={<input aria-label="search slot" placeholder={texts.search.placeholder} />}
      onLogout={onLogout}
    >
      <p>page content</p>
    </AppLayout>,
    { path, routePath: '*' },
  );
  return { ...view, onLogout };
};

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('AppLayout: desktop header', () => {
  it('shows the navigation without Admin Page to a student', () => {
    renderLayout(student);
    const nav = screen.getByRole('navigation', { name: texts.nav.main });
    expect(linkNames(nav)).toEqual(['Events', 'Groups', 'Leaderboard', 'About Us', 'Profile']);
    expect(within(nav).queryByRole('link', { name: 'Admin Page' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute(
      'href',
      '/opportunities',
    );
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/groups');
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
    expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'href',
      '/about-us',
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile/student-7',
    );
  });

  it('shows Admin Page after Groups to an admin', () => {
    renderLayout(admin);
    const nav = screen.getByRole('navigation', { name: texts.nav.main });
    expect(linkNames(nav)).toEqual([
      'Events',
      'Groups',
      'Admin Page',
      'Impact',
      'Leaderboard',
      'About Us',
      'Profile',
    ]);
    expect(within(nav).getByRole('link', { name: 'Admin Page' })).toHaveAttribute('href', '/admin');
  });

  it('marks the current page in the navigation', () => {
    renderLayout(student, { path: '/opportunity/opp-1' });
    const nav = screen.getByRole('navigation', { name: texts.nav.main });
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Groups' })).not.toHaveAttribute('aria-current');
  });

  it('has the logo, search, welcome line with points and the avatar to the own profile', () => {
    renderLayout(student);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: texts.brand.name })).toHaveAttribute(
      'href',
      '/opportunities',
    );
    expect(within(banner).getByPlaceholderText('Search students & orgs...')).toBeInTheDocument();
    expect(within(banner).getByText('Welcome, Sam')).toBeInTheDocument();
    expect(within(banner).getByText('95 points')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: texts.nav.yourProfile })).toHaveAttribute(
      'href',
      '/profile/student-7',
    );
  });

  it('counts pending friend requests on the bell, and shows no badge when unknown', () => {
    const { unmount } = renderLayout(student, { pending: 3 });
    const bell = screen.getByRole('link', { name: 'Notifications: 3 pending friend requests' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
    unmount();

    renderLayout(student, { pending: null });
    const quiet = screen.getByRole('link', { name: 'Notifications' });
    expect(quiet).toHaveTextContent('');
  });

  it('offers Report Bug as a mail draft to the support address', () => {
    renderLayout(student);
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Report Bug' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:bugs@university.edu?')).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Bug report');
    expect(query.get('body')).toContain('/opportunities');
  });
});

describe('AppLayout: mobile tab bar', () => {
  it('has Events, Groups, Leaderboard and Profile for a student', () => {
    renderLayout(student, { path: '/leaderboard' });
    const tabs = screen.getByRole('navigation', { name: texts.nav.tabs });
    expect(linkNames(tabs)).toEqual(['Events', 'Groups', 'Leaderboard', 'Profile']);
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile/student-7',
    );
    expect(within(tabs).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('adds Admin for an admin', () => {
    renderLayout(admin);
    const tabs = screen.getByRole('navigation', { name: texts.nav.tabs });
    expect(linkNames(tabs)).toEqual(['Events', 'Groups', 'Leaderboard', 'Profile', 'Admin']);
    expect(within(tabs).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});

describe('AppLayout: mobile sidebar', () => {
  it('opens from the menu button with its items, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderLayout(student);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(menuButton);
    const sidebar = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toContainElement(document.activeElement as HTMLElement);
    const menu = within(sidebar).getByRole('navigation', { name: 'Menu' });
    expect(linkNames(menu)).toEqual([
      'About Us',
      'My Opportunities',
      'Service Hours',
      'Report Bug',
    ]);
    expect(within(menu).getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'href',
      '/about-us',
    );
    expect(within(menu).getByRole('link', { name: 'My Opportunities' })).toHaveAttribute(
      'href',
      '/my-opportunities',
    );
    expect(within(menu).getByRole('link', { name: 'Service Hours' })).toHaveAttribute(
      'href',
      '/hours',
    );
    expect(within(menu).getByRole('link', { name: 'Report Bug' }).getAttribute('href')).toMatch(
      /^mailto:bugs@university\.edu\?subject=Bug%20report&body=/,
    );
    expect(within(sidebar).getByText('Welcome, Sam')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists Verify Hours and Admin Panel for an admin', async () => {
    const user = userEvent.setup();
    renderLayout(admin);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('navigation');
    const hoursAndAdmin = ['My Opportunities', 'Service Hours', 'Verify Hours', 'Admin Panel'];
    expect(linkNames(menu).filter((name) => hoursAndAdmin.includes(name))).toEqual(hoursAndAdmin);
    expect(within(menu).getByRole('link', { name: 'Verify Hours' })).toHaveAttribute(
      'href',
      '/hours/verify',
    );
    expect(within(menu).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it.each([
    ['/hours', 'Service Hours', 'Verify Hours'],
    ['/hours/verify', 'Verify Hours', 'Service Hours'],
  ])('marks only the current one of the two hours pages at %s', async (path, current, other) => {
    const user = userEvent.setup();
    renderLayout(admin, { path });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('navigation');
    expect(within(menu).getByRole('link', { name: current })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
  });

  it('closes on a click outside the panel, but not on a click inside', async () => {
    const user = userEvent.setup();
    renderLayout(student);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = screen.getByRole('dialog', { name: 'Menu' });

    fireEvent.mouseDown(within(sidebar).getByText('Welcome, Sam'));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

    const overlay = sidebar.parentElement!;
    fireEvent.mouseDown(overlay);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('keeps focus inside while open (Tab wraps around)', async () => {
    const user = userEvent.setup();
    renderLayout(student);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = screen.getByRole('dialog', { name: 'Menu' });
    const logout = within(sidebar).getByRole('button', { name: 'Log out' });
    logout.focus();
    await user.tab();
    expect(sidebar).toContainElement(document.activeElement as HTMLElement);
    expect(within(sidebar).getByRole('link', { name: texts.brand.name })).toHaveFocus();
    await user.tab({ shift: true });
    expect(logout).toHaveFocus();
  });

  it('closes when an item is followed, and logs out from its last button', async () => {
    const user = userEvent.setup();
    const { onLogout } = renderLayout(student);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', {
        name: 'My Opportunities',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
