// node tools/client-gen/generate.mjs <openapi.json> <out.d.ts>: the typed client's types, from the
// served document, with openapi-typescript (which needs TypeScript 5's compiler API; see package.json).
import { readFileSync, writeFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node tools/client-gen/generate.mjs <openapi.json> <out.d.ts>");
  process.exit(2);
}
const document = JSON.parse(readFileSync(input, "utf8"));
const ast = await openapiTS(document, { alphabetize: true });
const header =
  "// Generated from Coffer's OpenAPI document by `npm run client:generate` — do not edit.\n" +
  "// test/openapi.test.ts fails when this file and the served document drift apart.\n\n";
writeFileSync(output, header + astToString(ast));
