import { texts } from '@campus/contracts';
import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import styles from './page-spinner.module.css';

type PageSpinnerProps = { fullscreen?: boolean };

export const PageSpinner = ({ fullscreen = false }: PageSpinnerProps) => (
  <div className={cx(styles.page, fullscreen && styles.fullscreen)}>
    <Spinner size="large" label={texts.common.loading} />
  </div>
);
