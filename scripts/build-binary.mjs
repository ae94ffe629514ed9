// `npm run build:binary`: the `coffer` CLI as one executable that needs no Node installed — a Node
// single executable application (SEA): the CLI bundled as one CommonJS script (the only kind Node
// 22 embeds), prepared into a blob by `node --experimental-sea-config`, and injected with postject
// into a copy of the Node binary that runs this script. Writes release/coffer-<os>-<arch>
// (coffer-linux-x64 here; the same script on macOS or Windows makes coffer-darwin-arm64,
// coffer-windows-x64.exe…, see docs/install.md): a binary is built on the platform it is for.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { inject } from "postject";
import { bundleCli, root } from "../packages/cli/build.mjs";

const os = platform() === "win32" ? "windows" : platform();
// Another path as the argument: the tests build theirs aside, never over a release being made.
const binary = resolve(
  process.argv[2] ?? `${root}release/coffer-${os}-${arch()}${os === "windows" ? ".exe" : ""}`,
);
mkdirSync(dirname(binary), { recursive: true });
const work = `${mkdtempSync(join(tmpdir(), "coffer-binary-build-"))}/`;

await bundleCli({ outfile: `${work}coffer.cjs` });
// packages/cli/entry.cjs enables the compile cache for the npm package; the binary has no
// equivalent to enable at run time: the blob carries V8's code cache instead (useCodeCache).
writeFileSync(
  `${work}sea-config.json`,
  JSON.stringify({
    main: `${work}coffer.cjs`,
    output: `${work}coffer.blob`,
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
  }),
);
execFileSync(process.execPath, ["--experimental-sea-config", `${work}sea-config.json`], { stdio: "inherit" });

rmSync(binary, { force: true });
copyFileSync(process.execPath, binary);
// macOS runs only signed binaries: Node's signature goes before the injection (it would no longer
// match), an ad-hoc one after. Windows runs an unsigned binary (signtool may sign it afterwards).
if (os === "darwin") execFileSync("codesign", ["--remove-signature", binary], { stdio: "inherit" });
// postject's ELF library warns of each note section it cannot name: harmless (the injection is
// complete, test/cli-binary.test.ts runs the result); anything else it says still shows.
const warn = console.warn;
console.warn = (...args) => {
  if (!/^warning: Can't find string offset for section name/.test(String(args[0]))) warn(...args);
};
try {
  await inject(binary, "NODE_SEA_BLOB", readFileSync(`${work}coffer.blob`), {
    sentinelFuse: "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
    ...(os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
  });
} finally {
  console.warn = warn;
}
if (os === "darwin") execFileSync("codesign", ["--sign", "-", binary], { stdio: "inherit" });
rmSync(work, { recursive: true, force: true });
const megabytes = (statSync(binary).size / 2 ** 20).toFixed(0);
process.stdout.write(
  `${relative(process.cwd(), binary)} (${megabytes} MiB, Node ${process.versions.node})\n`,
);
