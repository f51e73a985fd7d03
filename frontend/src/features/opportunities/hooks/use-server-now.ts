import { useEffect, useState } from 'react';
import { usePublicConfig } from '@/lib/public-config';

const TICK_MS = 30_000;

/**
 * "Now" by the server's clock: GET /api/config's `now` minus the browser's clock when it arrived is
 * the offset added to the browser's clock (outside production the server's clock may be shifted).
 * Re-renders every 30 seconds so time-until texts and button states move on by themselves.
 */
export const useServerNow = (): Date => {
  const { data, dataUpdatedAt } = usePublicConfig();
  const offset = data ? Date.parse(data.now) - dataUpdatedAt : 0;
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return new Date(browserNow + offset);
};
