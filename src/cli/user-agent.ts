// What the CLI calls itself on the wire. The server keeps one session per user agent, and the CLI's
// would otherwise be the same on every machine: signing in on a laptop would end the session of a
// build server. Naming the machine keeps them apart, and the sessions screen shows a name people
// recognise.
import { arch, hostname, platform } from "node:os";

export const VERSION = "0.1.0";

/** Header-safe: a host name is the operator's to choose, a header's characters are not. */
const tidy = (text: string) => text.replace(/[^\w.-]+/g, "-").slice(0, 64) || "unknown";

/** `coffer-cli/0.1.0 (build-01; linux x64)` */
export const cliUserAgent = (): string =>
  `coffer-cli/${VERSION} (${tidy(hostname())}; ${platform()} ${arch()})`;
