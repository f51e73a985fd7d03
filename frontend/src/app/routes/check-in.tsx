import { texts } from '@campus/contracts';
import { CheckInScreen } from '@/features/check-in/components/check-in-screen';
import { usePageTitle } from '../page-title';

/** /check-in: a student checks in with the code the host's QR code carries. */
export const CheckInRoute = () => {
  usePageTitle(texts.pages.checkIn);
  return <CheckInScreen />;
};
