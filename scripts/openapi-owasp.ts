// `npm run lint:owasp`: the served OpenAPI document against Spectral's OWASP API Security ruleset
// (.spectral-owasp.yaml), printed as a count per rule. A report, not a gate: docs/api.md says why
// each finding that remains is there.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { servedDocument } from "./openapi-document.ts";

type Finding = { code: string; severity: number };
const SEVERITY = ["error", "warn", "info", "hint"];

const dir = mkdtempSync(join(tmpdir(), "coffer-owasp-"));
try {
  const document = join(dir, "openapi.json");
  const report = join(dir, "findings.json");
  writeFileSync(document, JSON.stringify(await servedDocument(), null, 2));
  const lint = spawnSync(
    "npx",
    [
      "spectral",
      "lint",
      document,
      "--ruleset",
      ".spectral-owasp.yaml",
      "--format",
      "json",
      "--output",
      report,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  // Spectral exits 1 when it finds errors and 2 when it could not run.
  if (lint.status !== 0 && lint.status !== 1) throw new Error(`spectral failed (exit ${lint.status})`);
  const findings = JSON.parse(readFileSync(report, "utf8")) as Finding[];
  const counts = new Map<string, number>();
  for (const { code, severity } of findings) {
    const key = `${SEVERITY[severity] ?? severity} ${code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    console.log(`${String(count).padStart(6)}  ${key}`);
  }
  const errors = findings.filter((finding) => finding.severity === 0).length;
  console.log(`${String(findings.length).padStart(6)}  in all, ${errors} errors`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
