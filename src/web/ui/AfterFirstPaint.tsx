import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children after the rest of the page has been painted, as a React transition: React renders them in
 * slices of a few milliseconds, so a long page (the shipment page's sections, threads and documents) no longer holds
 * the main thread in one long task right after its data arrive (issue 17, decision record 0246). It waits for the
 * frame after the one that shows the page (a task queued from that frame's animation callback runs once it is
 * painted), so the code the children load on demand (CustomerShipmentBelow) is asked for after the first screen is on
 * it, not alongside (decision record 0248). Meant for content below the first screen, at the end of a page: it
 * appears without moving what is already shown.
 */
export function AfterFirstPaint({ children, onShow }: { children: ReactNode; /** Called as they start to render (to read their data). */ onShow?: () => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        onShow?.();
        startTransition(() => setShown(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // Once, when mounted: a later onShow (a new render's closure) is not called again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return shown ? children : null;
}
