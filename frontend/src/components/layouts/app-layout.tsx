import { texts, type User } from '@campus/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { firstNameOf } from '@/lib/auth/use-current-user';
import styles from './app-layout.module.css';

export type AppLayoutProps = {
  user: User | undefined;
  onLogout: () => void;
  children: ReactNode;
};

const initialsOf = (user: User) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() ||
  user.name.charAt(0).toUpperCase();

/** Signed-in pages: the header with the welcome line, points and logout, then the page. */
export const AppLayout = ({ user, onLogout, children }: AppLayoutProps) => (
  <div className={styles.shell}>
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to={paths.opportunities.getHref()} className={styles.brandLink}>
          <Logo compactOnMobile />
        </Link>
        <div className={styles.account}>
          {user ? (
            <>
              <div className={styles.welcome}>
                <span className={styles.welcomeName}>
                  {texts.header.welcome(firstNameOf(user))}
                </span>
                <span className={styles.points}>{texts.header.points(user.points)}</span>
              </div>
              <span className={styles.avatar} aria-hidden="true">
                {user.profile_image ? <img src={user.profile_image} alt="" /> : initialsOf(user)}
              </span>
            </>
          ) : null}
          <Button variant="ghost" size="small" onClick={onLogout}>
            {texts.header.logout}
          </Button>
        </div>
      </div>
    </header>
    <main className={styles.main}>{children}</main>
  </div>
);
