// `npm run bench:dashboard`: what a first visit to the sign-in page costs — bytes over the wire
// and the time until the form is usable — in Chromium with an empty cache, on loopback and on an
// emulated mobile link (150 ms round trip, 1.6 Mbit/s down). Each build directory named on the
// command line (default web/dist) is served by the real app; give an older build's dist to compare.
// Prints a line per build and appends them to bench/results.md.
import { buildName, forEachBuild } from "./dashboard-builds.ts";
import { median } from "./seed.ts";

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 7);
const LINKS = {
  loopback: null,
  mobile: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
} as const;

await forEachBuild({}, async (browser, base, dir) => {
  const parts: string[] = [];
  let bytes = 0;
  let requests = 0;
  for (const [link, conditions] of Object.entries(LINKS)) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext(); // an empty cache every time
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      if (conditions) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...conditions });
      let transferred = 0;
      let count = 0;
      cdp.on("Network.loadingFinished", (event) => {
        transferred += event.encodedDataLength;
        count += 1;
      });
      await page.goto(`${base}/sign-in`, { waitUntil: "commit" });
      await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
      // The page's own clock: from the start of the navigation to a usable form.
      times.push(await page.evaluate(() => performance.now()));
      await page.waitForLoadState("networkidle");
      bytes = transferred;
      requests = count;
      await context.close();
    }
    parts.push(`${link} ${median(times).toFixed(0)} ms`);
  }
  return [
    `- ${new Date().toISOString().slice(0, 10)}: dashboard first load of /sign-in (bench/dashboard-load.ts, ` +
      `${buildName(dir)}, Chromium, empty cache, median of ${RUNS}): ` +
      `${(bytes / 1024).toFixed(1)} KiB over the wire in ${requests} requests (the refresh call included); ` +
      `form usable after ${parts.join(", ")} (150 ms RTT, 1.6 Mbit/s)`,
  ];
});
