// A QR code as one SVG path. Loaded only by components/QrCode.tsx through a dynamic import, so
// the encoder (uqr, ~4 KB gzipped) stays out of the entry bundle the sign-in screen loads.
import { encode } from "uqr";

export interface QrPath {
  /** Modules per side, the quiet zone included. */
  size: number;
  /** One `M x y h1 v1 h-1 z` square per dark module, in module units. */
  d: string;
}

/** The QR code of `text` (error correction M, a 4-module quiet zone) as a path. */
export function qrPath(text: string): QrPath {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const squares: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size, d: squares.join("") };
}
