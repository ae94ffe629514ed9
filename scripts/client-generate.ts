// `npm run client:generate`: regenerates src/client/schema.d.ts from the served OpenAPI document.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { servedDocument } from "./openapi-document.ts";

const dir = mkdtempSync(join(tmpdir(), "coffer-client-"));
try {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(await servedDocument()));
  const run = spawnSync(process.execPath, ["tools/client-gen/generate.mjs", file, "src/client/schema.d.ts"], {
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
