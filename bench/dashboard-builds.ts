// What the dashboard benchmarks share: the build directories to compare (named on the command line,
// default web/dist), Chromium as the tests launch it, each build served by the real app on a
// throw-away store, and the lines recorded in bench/results.md.
import { appendFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { throwawayApp } from "../scripts/throwaway-app.ts";

export const root = resolve(import.meta.dirname, "..");

/** A build's directory as results.md names it. */
export const buildName = (dir: string) => dir.replace(`${root}/`, "");

/**
 * Runs `measure` against each build, served on a port of its own, with one Chromium for all; prints
 * and records (unless BENCH_NO_RECORD=1) the lines it returns.
 */
export async function forEachBuild(
  env: Record<string, string>,
  measure: (browser: Browser, base: string, dir: string) => Promise<string[]>,
): Promise<void> {
  const dirs = process.argv.slice(2).length
    ? process.argv.slice(2).map((dir) => resolve(dir))
    : [join(root, "web", "dist")];
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const lines: string[] = [];
  try {
    for (const dir of dirs) {
      const { app, close } = await throwawayApp({ dashboardDir: dir, env });
      try {
        const base = await app.listen({ host: "127.0.0.1", port: 0 });
        for (const line of await measure(browser, base, dir)) {
          console.log(line);
          lines.push(line);
        }
      } finally {
        await close();
      }
    }
  } finally {
    await browser.close();
  }
  if (process.env.BENCH_NO_RECORD !== "1")
    appendFileSync(join(root, "bench", "results.md"), `${lines.join("\n")}\n`);
}
