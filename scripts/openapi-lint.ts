// `npm run check`: lints the OpenAPI document the server serves with Redocly (redocly.yaml).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { servedDocument } from "./openapi-document.ts";

const dir = mkdtempSync(join(tmpdir(), "coffer-lint-"));
try {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(await servedDocument(), null, 2));
  const lint = spawnSync(
    "npx",
    ["redocly", "lint", file, "--config", "redocly.yaml", "--format", "summary"],
    {
      stdio: "inherit",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
