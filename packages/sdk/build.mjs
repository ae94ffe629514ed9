// Builds @coffer/client into dist/: src/client compiled by tsc to ES modules with their .d.ts
// (packages/sdk/tsconfig.json), and the generated API types (schema.d.ts) beside them.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = `${here}dist/`;

rmSync(dist, { recursive: true, force: true });
execFileSync(`${root}node_modules/.bin/tsc`, ["-p", `${here}tsconfig.json`], { stdio: "inherit" });
copyFileSync(`${root}src/client/schema.d.ts`, `${dist}schema.d.ts`);
// The sources import each other as `./x.ts` (run as is by tsx, Node and bundlers); tsc rewrites
// that in the JavaScript but not in the declarations, where a consumer's TypeScript needs `./x.js`.
for (const name of readdirSync(dist).filter((file) => file.endsWith(".d.ts"))) {
  const text = readFileSync(`${dist}${name}`, "utf8");
  writeFileSync(`${dist}${name}`, text.replace(/(from "\.\/[\w-]+?)(?:\.d)?\.ts"/g, '$1.js"'));
}
// The licence travels with the package (npm pack takes LICENSE from the package's folder).
if (existsSync(`${root}LICENSE`)) copyFileSync(`${root}LICENSE`, `${here}LICENSE`);
