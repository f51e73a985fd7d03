import { texts } from '@campus/contracts';
import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import styles from './auth-layout.module.css';

type AuthLayoutProps = { children: ReactNode };

/** Signed-out pages: a brand panel on wide screens and the page's card. */
export const AuthLayout = ({ children }: AuthLayoutProps) => (
  <div className={styles.page}>
    <aside className={styles.hero} aria-hidden="true">
      <Logo />
      <div>
        <p className={styles.heroTitle}>{texts.brand.heroTitle}</p>
        <ul className={styles.highlights}>
          {texts.brand.highlights.map((highlight) => (
            <li key={highlight} className={styles.highlight}>
              <svg className={styles.check} viewBox="0 0 20 20" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                />
              </svg>
              {highlight}
            </li>
          ))}
        </ul>
      </div>
    </aside>
    <main className={styles.main}>
      <div className={styles.card}>{children}</div>
    </main>
  </div>
);
