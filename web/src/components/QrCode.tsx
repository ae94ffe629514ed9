// A QR code drawn as SVG elements (no inline markup or style, which the CSP forbids). The encoder
// is imported on first use: it is needed only on the two-factor set-up.
import { useEffect, useState } from "react";
import type { QrPath } from "../lib/qr.ts";
import { Loading } from "./Alert.tsx";

export function QrCode({ text, label }: { text: string; label: string }) {
  const [qr, setQr] = useState<QrPath>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import("../lib/qr.ts").then(
      ({ qrPath }) => live && setQr(qrPath(text)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return <p className="muted">The QR code could not be drawn: type the key below instead.</p>;
  if (!qr) return <Loading label="Drawing the QR code…" />;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect className="qr-light" width={qr.size} height={qr.size} />
      <path className="qr-dark" d={qr.d} />
    </svg>
  );
}
