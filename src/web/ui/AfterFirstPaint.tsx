import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children after the rest of the page has been shown, as a React transition: React renders them in
 * slices of a few milliseconds, so a long page (the shipment page's sections, threads and documents) no longer holds
 * the main thread in one long task right after its data arrive (issue 17, decision record 0246). Meant for content
 * below the first screen, at the end of a page: it appears without moving what is already shown.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
