// An update's audit entry says what changed, before and after (issue 36, item 11): renaming an
// environment, changing its rotation policy or what it inherits, renaming or archiving a project.
// The audit screen reads these (test/web-audit-logic.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";

const { t, owner, tree } = ownerWithTreeForSuite();

beforeAll(async () => {}, 60_000);

const environmentsUrl = () => `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;

async function lastEntry(action: string) {
  const trail = await t.app.inject({
    method: "GET",
    url: `/workspaces/${tree.workspaceId}/audit?action=${action}`,
    headers: owner.headers,
  });
  expect(trail.statusCode).toBe(200);
  return trail.json()[0];
}

describe("an environment update's audit entry", () => {
  it("names each changed field with its value before and after", async () => {
    const patch = await t.app.inject({
      method: "PATCH",
      url: `${environmentsUrl()}${tree.environmentId}/`,
      headers: owner.headers,
      payload: { name: "QA", default_policy: 30 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const entry = await lastEntry("environment.updated");
    expect(entry.details.changes).toEqual({
      name: { from: "Development", to: "QA" },
      default_policy: { from: 90, to: 30 },
    });
  });

  it("names the old and the new parent when what it inherits changes", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: environmentsUrl(),
      headers: owner.headers,
      payload: { name: "Production", environment_type: "prod" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const production = created.json().id;
    const inherit = await t.app.inject({
      method: "PATCH",
      url: `${environmentsUrl()}${tree.environmentId}/`,
      headers: owner.headers,
      payload: { parent_environment_id: production },
    });
    expect(inherit.statusCode, inherit.body).toBe(200);
    expect((await lastEntry("environment.updated")).details.changes).toEqual({
      parent: { from: null, to: { id: production, name: "Production" } },
    });

    await t.app.inject({
      method: "PATCH",
      url: `${environmentsUrl()}${tree.environmentId}/`,
      headers: owner.headers,
      payload: { parent_environment_id: null, name: "QA" },
    });
    // The name did not change: only the parent is said.
    expect((await lastEntry("environment.updated")).details.changes).toEqual({
      parent: { from: { id: production, name: "Production" }, to: null },
    });
  });
});

describe("a project update's audit entry", () => {
  it("names the old and the new name, and archiving", async () => {
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/projects/${tree.workspaceId}/${tree.teamId}/${tree.projectId}`,
      headers: owner.headers,
      payload: { name: "Billing API", is_active: false, proj_metadata: { owner: "billing" } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const entry = await lastEntry("project.updated");
    expect(entry.details.changes).toEqual({
      name: { from: "Payments API", to: "Billing API" },
      is_active: { from: true, to: false },
    });
    // Metadata is the project's own data: that it changed, not what it holds.
    expect(JSON.stringify(entry.details)).not.toContain('billing"');
    expect(entry.details.fields).toContain("proj_metadata");
  });
});
