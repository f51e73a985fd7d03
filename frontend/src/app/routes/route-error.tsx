import { texts } from '@campus/contracts';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A screen that failed to load or render. */
export const RouteError = () => (
  <AuthLayout>
    <Alert tone="error">{texts.signInErrors.appDataFailed}</Alert>
    <Button fullWidth onClick={() => window.location.reload()} style={{ marginTop: '1rem' }}>
      {texts.common.retry}
    </Button>
  </AuthLayout>
);
