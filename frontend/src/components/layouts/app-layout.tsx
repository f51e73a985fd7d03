import { texts, type User } from '@campus/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { BugIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { siteContent } from '@/content/site';
import { firstNameOf } from '@/lib/auth/use-current-user';
import { cx } from '@/lib/cx';
import { reportBugHref } from '@/lib/report-bug';
import { BottomTabBar } from './bottom-tab-bar';
import { MobileSidebar } from './mobile-sidebar';
import {
  headerNavItems,
  isNavItemActive,
  sidebarNavItems,
  tabBarItems,
  type NavContext,
} from './navigation';
import { NotificationBell } from './notification-bell';
import styles from './app-layout.module.css';

type AppLayoutProps = {
  /** The signed-in user's id (known before the profile loads). */
  userId: string;
  /** The signed-in user's profile, once loaded. */
  user: User | undefined;
  supportEmail: string;
  /** Pending friend requests for the bell's badge; null shows no badge. */
  pendingFriendRequests: number | null;
  /** Hosts an approved organization (links their impact dashboard); false until known. */
  hostsOrganizations?: boolean;
  /** The search box (header on desktop, sidebar on mobile). */
  search?: ReactNode;
  onLogout: () => void;
  children: ReactNode;
};

const MD_QUERY = '(min-width: 768px)';

/**
 * Signed-in pages. Desktop: the header with the navigation, search, bell, welcome line and avatar.
 * Below the 'md' size: a menu button opening the sidebar, and the bottom tab bar.
 */
export const AppLayout = ({
  userId,
  user,
  supportEmail,
  pendingFriendRequests,
  hostsOrganizations = false,
  search,
  onLogout,
  children,
}: AppLayoutProps) => {
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebarId = useId();
  const location = useLocation();
  const nav: NavContext = { userId, isAdmin: user?.admin === true, hostsOrganizations };
  const bugHref = reportBugHref(supportEmail, `${window.location.origin}${location.pathname}`);
  const firstName = user ? firstNameOf(user) : '';

  // Growing past 'md' hides the sidebar, so it must not keep focus trapped.
  useEffect(() => {
    if (!menuOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MD_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [menuOpen]);

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        {texts.nav.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={texts.nav.openMenu}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? sidebarId : undefined}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon size={24} />
          </button>
          <Link to={paths.opportunities.getHref()} className={styles.brandLink}>
            <Logo smallOnMobile className={styles.logo} />
          </Link>
          <nav aria-label={texts.nav.main} className={styles.desktopNav}>
            <ul className={styles.navList}>
              {headerNavItems(nav).map((item) => {
                const active = isNavItemActive(item, location.pathname);
                return (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      className={cx(styles.navLink, active && styles.navLinkActive)}
                      aria-current={active ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {search ? <div className={styles.search}>{search}</div> : null}
          <div className={styles.actions}>
            <NotificationBell count={pendingFriendRequests} />
            {user ? (
              <div className={styles.welcome}>
                <span className={styles.welcomeName}>{texts.header.welcome(firstName)}</span>
                <span className={styles.points}>{texts.header.points(user.points)}</span>
              </div>
            ) : null}
            <Link to={paths.profile.getHref(userId)} className={styles.avatarLink}>
              {/* Named by hidden text, not aria-label: the initials are what sighted users see. */}
              <span className="visually-hidden">{texts.nav.yourProfile}</span>
              <Avatar src={user?.profile_image} name={user?.name ?? ''} />
            </Link>
          </div>
        </div>
      </header>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p className={styles.footerBrand}>
            {texts.brand.name} · {texts.brand.tagline}
          </p>
          <ul className={styles.footerLinks}>
            <li>
              <Link to={paths.aboutUs.getHref()}>{texts.nav.aboutUs}</Link>
            </li>
            <li>
              <a href={siteContent.termsAndPrivacyPdf} target="_blank" rel="noreferrer">
                {texts.login.terms}
              </a>
            </li>
            <li>
              <a href={bugHref} className={styles.reportBug}>
                <BugIcon size={16} />
                {texts.nav.reportBug}
              </a>
            </li>
          </ul>
        </div>
      </footer>
      <BottomTabBar items={tabBarItems(nav)} />
      {menuOpen ? (
        <MobileSidebar
          id={sidebarId}
          items={sidebarNavItems(nav)}
          account={
            user
              ? { name: user.name, firstName, points: user.points, picture: user.profile_image }
              : null
          }
          reportBugHref={bugHref}
          search={search}
          onLogout={onLogout}
          onClose={() => setMenuOpen(false)}
        />
      ) : null}
    </div>
  );
};
