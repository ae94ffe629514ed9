// Serving HTTPS: the certificate chain and key read from COFFER_TLS_CERT_FILE / COFFER_TLS_KEY_FILE,
// checked before they are used (a pair that does not match would fail every handshake, not the
// start), and read again on SIGHUP into the running server: connections already open keep the
// context they were made with, new ones get the new pair; a bad new pair leaves the old one serving.
import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";
import type { Logger } from "pino";
import type { TlsFiles } from "../config.ts";

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/** Why a pair cannot be used, in one line that names the variables and paths, never the key. */
export class TlsPairError extends Error {}

function readPem(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new TlsPairError(`${variable}: cannot read ${path} (${code})`);
  }
}

/**
 * Reads the pair and has OpenSSL load it as a server would, so that a certificate that is not PEM,
 * a key that is not a key (or is encrypted), or a key of another certificate is refused here.
 */
export function readTlsPair(files: TlsFiles): TlsPair {
  const cert = readPem("COFFER_TLS_CERT_FILE", files.certFile);
  const key = readPem("COFFER_TLS_KEY_FILE", files.keyFile);
  if (!cert.includes("-----BEGIN CERTIFICATE-----")) {
    throw new TlsPairError(`COFFER_TLS_CERT_FILE: ${files.certFile} holds no PEM certificate`);
  }
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    // OpenSSL's reasons name no key material ("key values mismatch", "bad decrypt", "no start line").
    const reason = (error as Error).message.replace(/^error:[0-9A-F]+:/i, "");
    const mismatch = /mismatch/i.test(reason);
    throw new TlsPairError(
      mismatch
        ? `COFFER_TLS_KEY_FILE: ${files.keyFile} is not the key of the certificate in ${files.certFile}`
        : `COFFER_TLS_CERT_FILE / COFFER_TLS_KEY_FILE: ${files.certFile} and ${files.keyFile} cannot be used (${reason})`,
    );
  }
  return { cert, key };
}

/**
 * What SIGHUP does: reads the pair again and, when it can be used, hands it to `apply` (a server
 * takes it; a cluster's primary has each worker read it); one that cannot is logged, one line
 * naming no key material, and the old pair stays. Without TLS there is nothing to reload.
 */
export function reloadOnHangup(
  files: TlsFiles | undefined,
  logger: Logger,
  apply: (pair: TlsPair) => void,
): () => void {
  return () => {
    if (!files) {
      logger.info("SIGHUP: nothing to reload (COFFER_TLS_CERT_FILE is not set)");
      return;
    }
    let pair: TlsPair;
    try {
      pair = readTlsPair(files);
    } catch (error) {
      const line = error instanceof TlsPairError ? error.message : String(error);
      logger.error(`TLS certificate not reloaded, the previous one stays in use: ${line}`);
      return;
    }
    apply(pair);
  };
}
