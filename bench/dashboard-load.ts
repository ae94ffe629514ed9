// `npm run bench:dashboard`: what a first visit to the sign-in page costs — bytes over the wire
// and the time until the form is usable — in Chromium with an empty cache, on loopback and on an
// emulated mobile link (150 ms round trip, 1.6 Mbit/s down). "Usable" is the page's own clock at the
// first frame drawn with the Sign in button in it (a MutationObserver set before the page's scripts,
// then the frame after it); until 2026-11-29 it was the clock read once Playwright had seen the
// button, which added its polling and a round trip to the browser (~60-70 ms on loopback). Each
// build directory named on the command line (default web/dist) is served by the real app; give an
// older build's dist to compare. Prints a line per build and appends them to bench/results.md.
import { buildName, forEachBuild } from "./dashboard-builds.ts";
import { median } from "./seed.ts";

// Set before the page's scripts run: notes the clock at the first frame drawn with the button in it
// (a frame's callback runs before it is drawn; a task it queues, after).
const MARK_USABLE = `
new MutationObserver((_, observer) => {
  if (![...document.querySelectorAll("button")].some((b) => b.textContent.trim() === "Sign in")) return;
  observer.disconnect();
  requestAnimationFrame(() => setTimeout(() => { window.usableAt = performance.now(); }));
}).observe(document, { childList: true, subtree: true });
`;

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
      // In the page's own language (a string: this file is compiled without the DOM's types).
      await page.addInitScript({ content: MARK_USABLE });
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
      // The page's own clock: from the start of the navigation to the first frame with the form.
      await page.waitForFunction("'usableAt' in window");
      times.push(Number(await page.evaluate("window.usableAt")));
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
