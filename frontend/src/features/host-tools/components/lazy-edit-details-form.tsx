import { texts } from '@campus/contracts';
import { Suspense, lazy } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { EditDetailsFormProps } from './edit-details-form';

/**
 * The edit form (react-hook-form and the command's schema) loads when a host first edits, not with
 * every visit to an opportunity's page.
 */
const Form = lazy(() =>
  import('./edit-details-form').then((module) => ({ default: module.EditDetailsForm })),
);

export const EditDetailsForm = (props: EditDetailsFormProps) => (
  <Suspense fallback={<Spinner label={texts.common.loading} />}>
    <Form {...props} />
  </Suspense>
);
