// `npm start` builds the dashboard first when web/dist is missing (a checkout run without
// `npm install`'s prepare step), so the two documented commands stay the whole set-up.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
if (!existsSync(join(root, "web", "dist", "index.html"))) {
  console.log("building the dashboard (web/dist is missing)…");
  const run = spawnSync("npm", ["run", "--silent", "build:web"], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(
      "the dashboard build failed; the API still starts, and `/` says the dashboard is not built",
    );
  }
}
