import { zodResolver } from '@hookform/resolvers/zod';
import { addApprovedEmailSchema, adminTexts } from '@campus/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverMessageOf } from '@/lib/api-client';
import { useAddApprovedEmail } from '../api/add-approved-email';
import { styles } from './admin-styles';

const t = adminTexts.approvedEmail;

type FormInput = z.input<typeof addApprovedEmailSchema>;
type FormOutput = z.output<typeof addApprovedEmailSchema>;

/** The Add Approved Email form itself (loaded after the panel: approved-email-form.tsx). */
export const ApprovedEmailFields = () => {
  const add = useAddApprovedEmail();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addApprovedEmailSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  return (
    <>
      <form
        noValidate
        className={styles.row}
        onSubmit={form.handleSubmit((values) => {
          add.mutate(values.email, { onSuccess: () => form.reset() });
        })}
      >
        <TextField
          label={t.label}
          type="email"
          autoComplete="off"
          placeholder={t.placeholder}
          error={error ?? null}
          {...form.register('email', { onChange: () => add.reset() })}
        />
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? t.adding : t.add}
        </Button>
      </form>
      {add.isSuccess ? <Alert tone="success">{t.added(add.variables)}</Alert> : null}
      {add.isError ? (
        <Alert>{t.failed(serverMessageOf(add.error) ?? add.error.message)}</Alert>
      ) : null}
    </>
  );
};
