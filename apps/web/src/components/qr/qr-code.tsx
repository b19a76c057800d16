import { encode } from 'uqr';

/** The modules of a QR code as one SVG path (one square per dark module). */
export function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const squares: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x} ${y}h1v1h-1z`)));
  return { size, path: squares.join('') };
}

/** A QR code of `url` (the share page) or of a ticket's code, drawn as SVG; loaded lazily with its encoder. */
export function EventQrCode({ url, label }: { url: string; label: string }) {
  const { size, path } = qrPath(url);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-40 bg-white" shapeRendering="crispEdges">
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
