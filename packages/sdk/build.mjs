// Builds @coffer/client into dist/: src/client compiled by tsc to ES modules with their .d.ts
// (packages/sdk/tsconfig.json), and the generated API types (schema.d.ts) beside them.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

/** The package's files (dist/, LICENSE) into `dir`: this folder, or a copy of it (the tests'). */
export function buildSdkPackage(dir = here) {
  const dist = join(dir, "dist");
  rmSync(dist, { recursive: true, force: true });
  execFileSync(`${root}node_modules/.bin/tsc`, ["-p", `${here}tsconfig.json`, "--outDir", dist], {
    stdio: "inherit",
  });
  copyFileSync(`${root}src/client/schema.d.ts`, join(dist, "schema.d.ts"));
  // The sources import each other as `./x.ts` (run as is by tsx, Node and bundlers); tsc rewrites
  // that in the JavaScript but not in the declarations, where a consumer's TypeScript needs `./x.js`.
  for (const name of readdirSync(dist).filter((file) => file.endsWith(".d.ts"))) {
    const text = readFileSync(join(dist, name), "utf8");
    writeFileSync(join(dist, name), text.replace(/(from "\.\/[\w-]+?)(?:\.d)?\.ts"/g, '$1.js"'));
  }
  // The licence travels with the package (npm pack takes LICENSE from the package's folder).
  if (existsSync(`${root}LICENSE`)) copyFileSync(`${root}LICENSE`, join(dir, "LICENSE"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildSdkPackage();
