import { texts } from '@campus/contracts';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import styles from './page-spinner.module.css';

type PageSpinnerProps = { fullscreen?: boolean };

/**
 * A page waiting for its data. Full screen (the app starting, a signed-in session being restored)
 * it shows the product's logo and says it is loading in words: on a phone this is what the user
 * looks at for a second or two before the page, so it should say what is happening.
 */
export const PageSpinner = ({ fullscreen = false }: PageSpinnerProps) =>
  fullscreen ? (
    <div className={cx(styles.page, styles.fullscreen)}>
      <Logo size="large" />
      <p className={styles.status} role="status" aria-label={texts.common.loading}>
        <Spinner size="large" />
        <span>{texts.common.loading}</span>
      </p>
    </div>
  ) : (
    <div className={styles.page}>
      <Spinner size="large" label={texts.common.loading} />
    </div>
  );
