import { useCallback, useEffect, useState } from 'react';
import { usePublicConfig } from '@/lib/public-config';

const TICK_MS = 30_000;

const useServerOffset = (): number => {
  const { data, dataUpdatedAt } = usePublicConfig();
  return data ? Date.parse(data.now) - dataUpdatedAt : 0;
};

/**
 * "Now" by the server's clock: GET /api/config's `now` minus the browser's clock when it arrived is
 * the offset added to the browser's clock (outside production the server's clock may be shifted).
 * Re-renders every 30 seconds so time-until texts and button states move on by themselves.
 */
export const useServerNow = (): Date => {
  const offset = useServerOffset();
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return new Date(browserNow + offset);
};

/** The server's clock read at the moment it is called, for a decision taken on a click. */
export const useServerClock = (): (() => Date) => {
  const offset = useServerOffset();
  return useCallback(() => new Date(Date.now() + offset), [offset]);
};
