// `npm run package`: every installable package as a tarball in release/. Builds everything
// (`npm run build`), gives each package under packages/ the licence, gives the server the
// npm-shrinkwrap.json cut from the root package-lock.json (below), then `npm pack`s each one.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "..");
const RELEASE = join(ROOT, "release");
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Where Node finds `name` from the package at lock location `from` ("" is the root), or undefined. */
function locate(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

/**
 * The server's npm-shrinkwrap.json: the part of the root lock its runtime dependencies reach, at the
 * same places. Shipped in the tarball, it makes `npm install -g` of the server install exactly the
 * versions (and integrity hashes) the suite and the release check ran, rather than the newest that
 * its ranges allow on the day. Cut from the root lock at pack time, it cannot drift from it.
 */
export function serverShrinkwrap(rootLock, serverPackage) {
  const { packages } = rootLock;
  const kept = {};
  const visit = (from, deps, optional) => {
    for (const name of Object.keys(deps ?? {})) {
      const at = locate(packages, from, name);
      if (at === undefined) {
        if (optional) continue; // an optional or peer dependency nobody installs
        throw new Error(`package-lock.json has no ${name} for ${from || "the root"}: run npm install`);
      }
      if (kept[at]) continue;
      const { dev, devOptional, ...entry } = packages[at];
      if (devOptional) entry.optional = true;
      kept[at] = entry;
      visit(at, entry.dependencies, false);
      visit(at, entry.optionalDependencies, true);
      visit(at, entry.peerDependencies, true);
    }
  };
  visit("", serverPackage.dependencies, false);
  const { name, version, license, dependencies, bin, engines } = serverPackage;
  const sorted = Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((at) => [at, kept[at]]),
  );
  return {
    name,
    version,
    lockfileVersion: 3,
    requires: true,
    packages: { "": { name, version, license, dependencies, bin, engines }, ...sorted },
  };
}

function run(command, args, cwd = ROOT) {
  return execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
}

async function main() {
  const started = performance.now();
  execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
  const built = performance.now();
  mkdirSync(RELEASE, { recursive: true });
  const server = join(ROOT, "packages", "server");
  writeFileSync(
    join(server, "npm-shrinkwrap.json"),
    `${JSON.stringify(serverShrinkwrap(readJson(join(ROOT, "package-lock.json")), readJson(join(server, "package.json"))), null, 2)}\n`,
  );
  const packed = [];
  for (const dir of readdirSync(join(ROOT, "packages")).sort()) {
    const folder = join(ROOT, "packages", dir);
    if (!existsSync(join(folder, "package.json"))) continue;
    copyFileSync(join(ROOT, "LICENSE"), join(folder, "LICENSE"));
    const [result] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", RELEASE], folder));
    packed.push(
      `${relative(ROOT, join(RELEASE, result.filename))} (${(result.size / 1024).toFixed(0)} KiB, ${result.entryCount} files)`,
    );
  }
  const ms = (from, to) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(`built in ${ms(started, built)}, packed in ${ms(built, performance.now())}:`);
  for (const line of packed) console.log(`  ${line}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await main();
  } catch (error) {
    console.error(`package: ${error.message.split("\n")[0]}`);
    process.exitCode = 1;
  }
}
