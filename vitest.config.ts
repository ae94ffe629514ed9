import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // Vitest's default in run mode is one worker fewer than the cores: one on a two-core machine,
    // where most of the suite's time is spent waiting on servers, CLIs and Chromium it started.
    maxWorkers: 2,
    // A worker runs file after file with the modules it has loaded: loading the server's module
    // graph anew for each of the 140-odd files cost more CPU than the tests themselves (a 50-file
    // subset: 244 s isolated, 97 s not). Files share no state but the database each makes its own
    // rows in; every app, server and browser a file starts, it closes in its afterAll.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
