// The dashboard's browser tests: Debian's Chromium driven by playwright-core, the built dashboard
// served by a real server process. Without /usr/bin/chromium the browser tests are skipped, unless
// COFFER_REQUIRE_BROWSER=1 (as .ci/run sets), in which case launching fails the run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { PROJECT_ROOT } from "./server-process.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const browserRequired = process.env.COFFER_REQUIRE_BROWSER === "1";
/** Whether the browser tests run (describe.skipIf(!browserTestsRun)). */
export const browserTestsRun = existsSync(CHROMIUM) || browserRequired;

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/**
 * Chromium with the flags CI uses. Playwright gives every launch a fresh temporary profile
 * (user-data-dir) and every context its own cookies and storage, so runs never share state.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** Builds web/dist when it is missing (npm install's prepare normally has). */
export function ensureDashboardBuilt(): void {
  if (existsSync(join(PROJECT_ROOT, "web", "dist", "index.html"))) return;
  const vite = join(PROJECT_ROOT, "node_modules", "vite", "bin", "vite.js");
  const run = spawnSync(process.execPath, [vite, "build", "--config", "web/vite.config.ts"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`the dashboard build failed:\n${run.stdout}\n${run.stderr}`);
}

export const SCREENSHOT_DIR = join(PROJECT_ROOT, ".test-results", "screenshots");
export const WIDTHS = {
  phone: { width: 375, height: 812 },
  /** A current large phone, where a table row's actions have a little more room. */
  "phone-390": { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Saves the page at both widths (and the given colour scheme) as <name>-<width>[-dark].png. */
export async function screenshots(
  page: Page,
  name: string,
  engine: string,
  options: { dark?: boolean; widths?: (keyof typeof WIDTHS)[] } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  await page.emulateMedia({ colorScheme: options.dark ? "dark" : "light" });
  for (const width of options.widths ?? (["desktop", "phone"] as const)) {
    await page.setViewportSize(WIDTHS[width]);
    const suffix = `${WIDTHS[width].width}${options.dark ? "-dark" : ""}`;
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${engine}-${name}-${suffix}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
  await page.emulateMedia({ colorScheme: "light" });
}

/** Problems the page reported: uncaught errors and console errors (CSP violations included). */
export function collectPageProblems(page: Page, problems: string[] = []): string[] {
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // An API answering 401 or 404 is logged by the browser as a failed load: expected, not a problem.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return problems;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations on the page as it is (rule id and the elements), for expect(…).toEqual([]). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) =>
      r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))`,
  )) as string[];
}
