// `npm run bench:dashboard-large`: what an environment of 500 and of 5,000 secrets costs the
// dashboard — DOM nodes and the time from opening the environment's page to its table drawn — in
// Chromium, for each build directory named (default web/dist; give an older build's to compare).
// Prints a line per build and size and appends them to bench/results.md.
import { buildName, forEachBuild } from "./dashboard-builds.ts";
import { median } from "./seed.ts";

const SIZES = [500, 5_000];
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 5);
const EMAIL = "bench@example.com";
const PASSWORD = "correct horse battery";

/** The fields the bench reads of the answers it gets (a creation's id, a sign-up's workspace). */
interface Answer {
  id: string;
  workspace: { id: string };
}

async function call(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

/** An Owner with one environment per size, filled; the page path of each. */
async function seed(base: string): Promise<Map<number, string>> {
  const made = await call(base, "POST", "/auth/get-started", null, {
    email: EMAIL,
    first_name: "Bench",
    last_name: "Mark",
    password: PASSWORD,
    created_at: new Date().toISOString(),
  });
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: EMAIL, password: PASSWORD }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const ws = made.workspace.id;
  const team = (await call(base, "POST", `/teams/${ws}/`, token, { name: "Bench" })).id;
  const project = (await call(base, "POST", `/projects/${ws}/${team}/`, token, { name: "Bench" }))
    .id as string;
  const pages = new Map<number, string>();
  for (const size of SIZES) {
    const env = (
      await call(base, "POST", `/environments/${ws}/${team}/${project}/`, token, {
        name: `size-${size}`,
        environment_type: "dev",
      })
    ).id;
    for (let start = 0; start < size; start += 1000) {
      const secrets = Array.from({ length: Math.min(1000, size - start) }, (_, i) => ({
        key: `SERVICE_${start + i}_URL`,
        value: `https://svc-${start + i}.internal/path?with=query`,
        description: "an upstream the service calls",
      }));
      await call(base, "POST", `/secrets/${ws}/${team}/${project}/${env}/bulk`, token, { secrets });
    }
    pages.set(size, `/w/${ws}/env/${team}/${project}/${env}`);
  }
  return pages;
}

await forEachBuild({ COFFER_DEFAULT_PLAN: "pro" }, async (browser, base, dir) => {
  const pages = await seed(base);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/w\//);
  const lines: string[] = [];
  for (const size of SIZES) {
    const times: number[] = [];
    let nodes = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${base}/w`); // away, so each visit draws the table from nothing
      const started = Date.now();
      await page.goto(`${base}${pages.get(size)}`);
      await page.getByText("SERVICE_0_URL", { exact: true }).waitFor({ timeout: 120_000 });
      times.push(Date.now() - started);
      nodes = await page.evaluate<number>("document.getElementsByTagName('*').length");
    }
    lines.push(
      `- ${new Date().toISOString().slice(0, 10)}: dashboard, an environment of ${size.toLocaleString("en")} secrets ` +
        `(bench/dashboard-large.ts, ${buildName(dir)}, Chromium, page load to table drawn, median of ${RUNS}): ` +
        `${median(times)} ms, ${nodes.toLocaleString("en")} DOM nodes`,
    );
  }
  await context.close();
  return lines;
});
