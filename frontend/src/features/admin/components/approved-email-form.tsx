import { adminTexts } from '@campus/contracts';
import { Suspense, lazy } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { styles } from './admin-styles';

const t = adminTexts.approvedEmail;

/**
 * The form's code (react-hook-form and its resolver) loads after the Admin Panel, not with it: the
 * panel needs it for this form only. Until then the same field and button show, disabled, so
 * nothing moves when the form arrives.
 */
const Fields = lazy(() =>
  import('./approved-email-fields').then((module) => ({ default: module.ApprovedEmailFields })),
);

const LoadingFields = () => (
  <div className={styles.row}>
    <TextField
      label={t.label}
      type="email"
      autoComplete="off"
      placeholder={t.placeholder}
      error={null}
      disabled
    />
    <Button type="button" disabled>
      {t.add}
    </Button>
  </div>
);

/** Add Approved Email: required, text@text.text, trimmed. */
export const ApprovedEmailForm = () => (
  <section className={styles.section} aria-labelledby="admin-approved-email-title">
    <h2 id="admin-approved-email-title" className={styles.sectionTitle}>
      {t.title}
    </h2>
    <Suspense fallback={<LoadingFields />}>
      <Fields />
    </Suspense>
  </section>
);
