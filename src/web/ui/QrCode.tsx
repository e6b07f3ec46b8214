import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/**
 * A QR code of `value`, drawn in the browser as SVG (uqr) and shown as an image, so nothing leaves the page and no
 * markup is injected (the CSP allows data: images).
 */
export function QrCode({ value, size = 176, label }: { value: string; size?: number; label: string }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { ecc: 'M', border: 2 }))}`, [value]);
  return <img src={src} width={size} height={size} alt={label} style={{ imageRendering: 'pixelated', background: '#fff' }} />;
}
