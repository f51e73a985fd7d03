import { texts } from '@campus/contracts';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { BugIcon, CloseIcon, LogoutIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { isNavItemActive, type NavItem } from './navigation';
import styles from './mobile-sidebar.module.css';

type SidebarAccount = {
  name: string;
  firstName: string;
  points: number;
  picture: string | null;
};

type MobileSidebarProps = {
  id: string;
  items: readonly NavItem[];
  account: SidebarAccount | null;
  reportBugHref: string;
  search?: ReactNode;
  onLogout: () => void;
  onClose: () => void;
};

/**
 * The slide-out menu below the 'md' size. Rendered only while open: focus moves in and stays inside,
 * Escape or a click outside the panel closes it and focus returns to the menu button.
 */
export const MobileSidebar = ({
  id,
  items,
  account,
  reportBugHref,
  search,
  onLogout,
  onClose,
}: MobileSidebarProps) => {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { pathname } = useLocation();
  const onKeyDown = useFocusTrap(panelRef, { onEscape: onClose });

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return createPortal(
    <div
      className={styles.overlay}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        id={id}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.top}>
          <Link to={paths.opportunities.getHref()} className={styles.brand} onClick={onClose}>
            <Logo size="small" />
          </Link>
          <button
            type="button"
            className={styles.close}
            aria-label={texts.nav.closeMenu}
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <h2 id={titleId} className="visually-hidden">
          {texts.nav.menu}
        </h2>
        {account ? (
          <div className={styles.account}>
            <Avatar src={account.picture} name={account.name} size="large" />
            <div>
              <p className={styles.welcome}>{texts.header.welcome(account.firstName)}</p>
              <p className={styles.points}>{texts.header.points(account.points)}</p>
            </div>
          </div>
        ) : null}
        {search ? <div className={styles.search}>{search}</div> : null}
        <nav aria-label={texts.nav.menu} className={styles.nav}>
          <ul className={styles.list}>
            {items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.href}>
                  <Link
                    to={item.href}
                    className={cx(styles.item, active && styles.active)}
                    aria-current={active ? 'page' : undefined}
                    onClick={onClose}
                  >
                    <item.icon size={20} />
                    {item.label}
                  </Link>
                </li>
              );
            })}
            <li>
              <a href={reportBugHref} className={styles.item} onClick={onClose}>
                <BugIcon size={20} />
                {texts.nav.reportBug}
              </a>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className={cx(styles.item, styles.logout)}
          onClick={() => {
            onClose();
            onLogout();
          }}
        >
          <LogoutIcon size={20} />
          {texts.header.logout}
        </button>
      </div>
    </div>,
    document.body,
  );
};
