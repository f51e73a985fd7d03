import { texts } from '@campus/contracts';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { UnsubscribeScreen } from '@/features/unsubscribe/components/unsubscribe-screen';
import { usePageTitle } from '../page-title';

/** /unsubscribe/{token}: a mail's unsubscribe link, for anyone who holds it (no sign-in). */
export const UnsubscribeRoute = () => {
  usePageTitle(texts.mailPreferences.unsubscribe.title);
  return (
    <AuthLayout>
      <UnsubscribeScreen />
    </AuthLayout>
  );
};
