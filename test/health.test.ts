import { describe, expect, it } from "vitest";
import { createTestApp, engineUnderTest, testAppForSuite } from "./helpers/app.ts";

const t = testAppForSuite();

describe("health", () => {
  it("answers /healthz while the process is up", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz when the database is reachable", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });

  it("answers unknown routes with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/no/such/route" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });

  it("answers /readyz 503 in the error shape when the database is gone", async () => {
    // PostgreSQL: a server that is not there (the pool connects lazily); SQLite: a closed file.
    const postgres = engineUnderTest() === "postgres";
    const broken = await createTestApp(
      postgres ? { env: { DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" } } : {},
    );
    if (!postgres) await broken.db.destroy();
    try {
      const response = await broken.app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: "Database not reachable",
        code: "not_ready",
        problems: [{ dependency: "database", detail: "Database not reachable" }],
      });
    } finally {
      await broken.app.close();
    }
  });
});
