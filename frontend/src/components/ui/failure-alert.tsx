import { Alert } from './alert';

type FailureAlertProps = { message: string; detail: string | null; className?: string };

/** The error text, with the server's own words under it when they add something. */
export const FailureAlert = ({ message, detail, className }: FailureAlertProps) => (
  <Alert className={className}>
    <strong>{message}</strong>
    {detail && detail !== message ? <span> — {detail}</span> : null}
  </Alert>
);
