import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // Vitest's default in run mode is one worker fewer than the cores: one on a two-core machine,
    // where most of the suite's time is spent waiting on servers, CLIs and Chromium it started.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
