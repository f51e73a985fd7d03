import { texts } from '@campus/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePopup } from '@/components/ui/popup';
import { downloadOpportunityCalendar } from '../api/calendar';

const t = texts.calendar;

/** 'Add to calendar': the opportunity as an .ics file (its UID matches the student's feed). */
export const AddToCalendarButton = ({ id, name }: { id: string; name: string }) => {
  const popup = usePopup();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadOpportunityCalendar(id, name);
    } catch {
      popup.show({ variant: 'error', title: t.addToCalendar, message: t.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button fullWidth variant="secondary" loading={busy} onClick={() => void onClick()}>
      {t.addToCalendar}
    </Button>
  );
};
