import { texts } from '@campus/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { serverMessageOf } from '@/lib/api-client';
import styles from './load-error.module.css';

type LoadErrorProps = { error: unknown; onRetry: () => void };

/** A failed read: the server's message (else the generic one) and a way to try again. */
export const LoadError = ({ error, onRetry }: LoadErrorProps) => (
  <div className={styles.box}>
    <Alert>{serverMessageOf(error) ?? texts.api.generic}</Alert>
    <Button variant="secondary" size="small" onClick={onRetry}>
      {texts.common.retry}
    </Button>
  </div>
);
