import { texts } from '@campus/contracts';
import { Link, useLocation } from 'react-router-dom';
import { cx } from '@/lib/cx';
import { isNavItemActive, type NavItem } from './navigation';
import styles from './bottom-tab-bar.module.css';

type BottomTabBarProps = { items: readonly NavItem[] };

/** Below the 'md' size: the tabs fixed to the bottom of the screen. */
export const BottomTabBar = ({ items }: BottomTabBarProps) => {
  const { pathname } = useLocation();
  return (
    <nav className={styles.bar} aria-label={texts.nav.tabs}>
      <ul className={styles.list} style={{ gridTemplateColumns: `repeat(${items.length}, 1fr)` }}>
        {items.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                className={cx(styles.tab, active && styles.active)}
                aria-current={active ? 'page' : undefined}
              >
                <item.icon size={22} />
                <span className={styles.label}>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
