// Debian packages the CLI's tests drive: python3-dotenv (dotenv-readers.ts), zsh and fish (the
// completion scripts), make (a build under `coffer run`). Without one, its tests are skipped, unless
// COFFER_REQUIRE_CLI_TOOLS=1 (as .ci/run sets, having installed them), in which case they run and fail.
import { spawnSync } from "node:child_process";

export const cliToolsRequired = process.env.COFFER_REQUIRE_CLI_TOOLS === "1";

/** Whether a program is on the PATH. */
export const installed = (program: string) =>
  spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
