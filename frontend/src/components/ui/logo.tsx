import { texts } from '@campus/contracts';
import { cx } from '@/lib/cx';
import styles from './logo.module.css';

type LogoMarkProps = { className?: string };

/** A heart in a rounded square: the product's mark. */
export const LogoMark = ({ className }: LogoMarkProps) => (
  <svg className={cx(styles.mark, className)} viewBox="0 0 64 64" aria-hidden="true">
    <rect width="64" height="64" rx="16" fill="var(--color-primary-600)" />
    <path
      d="M32 50s-16-9.6-16-21.2C16 22.8 20.4 18 26 18c2.8 0 4.9 1.3 6 3.4 1.1-2.1 3.2-3.4 6-3.4 5.6 0 10 4.8 10 10.8C48 40.4 32 50 32 50z"
      fill="var(--color-accent-400)"
    />
  </svg>
);

type LogoProps = {
  size?: 'small' | 'medium' | 'large';
  /** Below the 'md' size the small size is used. */
  smallOnMobile?: boolean;
  /** Below the 'md' size only the mark shows (the name stays for screen readers). */
  compactOnMobile?: boolean;
  className?: string;
};

export const Logo = ({
  size = 'medium',
  smallOnMobile = false,
  compactOnMobile = false,
  className,
}: LogoProps) => (
  <span
    className={cx(
      styles.logo,
      size === 'small' && styles.small,
      size === 'large' && styles.large,
      smallOnMobile && styles.smallOnMobile,
      compactOnMobile && styles.compactOnMobile,
      className,
    )}
  >
    <LogoMark />
    <span className={styles.wordmark}>{texts.brand.name}</span>
  </span>
);
