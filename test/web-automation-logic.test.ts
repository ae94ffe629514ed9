// The automation screens' logic that is not layout (issue 21): a key's scope from the form's
// choices, the scope in words, and the OIDC trust form's claims. Pure functions, so they run in Node.
import { describe, expect, it } from "vitest";
import {
  defaultAudience,
  GITHUB_ISSUER,
  githubSubject,
  githubWorkflowSnippet,
} from "../src/lib/ci-snippet.ts";
import {
  cidrList,
  describeScope,
  MAX_CHOSEN,
  openScope,
  scopeFields,
  scopeProblem,
  toggleEnvironment,
  toggleProject,
} from "../web/src/lib/key-scope.ts";
import { parseClaims } from "../web/src/lib/trusts.ts";
import { namedTree } from "./helpers/named-tree.ts";

const tree = namedTree;
const here = { id: "ws1", name: "Acme" };
const names = (id: string) => (id === "ws2" ? "Side project" : undefined);

describe("the scope form", () => {
  it("sends nothing narrowed for an open key, and the chosen ids and addresses otherwise", () => {
    expect(scopeFields(openScope("read_write", "everywhere"))).toEqual({
      access: "read_write",
      project_ids: null,
      environment_ids: null,
      allowed_cidrs: null,
    });
    let choice = { ...openScope("read", "chosen"), cidrs: " 10.0.0.0/8,192.0.2.7\n2001:db8::/32 " };
    choice = toggleEnvironment(choice, "e1", true);
    expect(scopeFields(choice)).toEqual({
      access: "read",
      project_ids: null,
      environment_ids: ["e1"],
      allowed_cidrs: ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"],
    });
    // Choosing the whole project covers its environments; ids chosen before a switch back to the
    // whole workspace are not sent.
    choice = toggleProject(choice, tree.projects[0] as (typeof tree.projects)[0], true);
    expect(scopeFields(choice)).toMatchObject({ project_ids: ["p1"], environment_ids: null });
    expect(scopeFields({ ...choice, reach: "workspace" })).toMatchObject({
      project_ids: null,
      environment_ids: null,
    });
    expect(scopeFields(toggleProject(choice, { id: "p1", environments: [] }, false)).project_ids).toBeNull();
  });

  it("says what is wrong before anything is sent", () => {
    expect(scopeProblem(openScope("read", "chosen"))).toMatch(/at least one project or environment/);
    expect(scopeProblem(openScope("read", "workspace"))).toBeUndefined();
    const many = {
      ...openScope("read", "chosen"),
      environmentIds: new Set(Array.from({ length: MAX_CHOSEN + 1 }, (_, i) => String(i))),
    };
    expect(scopeProblem(many)).toMatch(/at most 100/);
    expect(
      scopeProblem({
        ...openScope("read", "workspace"),
        cidrs: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`).join(","),
      }),
    ).toMatch(/at most 50/);
    expect(cidrList("  ")).toEqual([]);
  });
});

describe("a scope in words", () => {
  const scope = { access: "read" as const, project_ids: null, environment_ids: null, allowed_cidrs: null };

  it("names the workspace, projects and environments it reaches, and where it may be used from", () => {
    expect(describeScope({ ...scope, access: "read_write", workspace_id: null }, tree, here, names)).toEqual({
      access: "Read and write",
      reach: ["Every workspace of yours"],
      from: null,
      narrowed: false,
    });
    expect(describeScope({ ...scope, workspace_id: "ws1" }, tree, here, names).reach).toEqual(["Only Acme"]);
    expect(describeScope(scope, tree, here, names).reach).toEqual(["Everything its role reaches in Acme"]);
    const narrow = describeScope(
      {
        ...scope,
        workspace_id: "ws1",
        project_ids: ["p1"],
        environment_ids: ["e2", "gone"],
        allowed_cidrs: ["10.0.0.0/8"],
      },
      tree,
      here,
      names,
    );
    expect(narrow).toEqual({
      access: "Read-only",
      reach: ["Billing API (every environment)", "Billing API / Staging", "an environment no longer listed"],
      from: "10.0.0.0/8",
      narrowed: true,
    });
  });

  it("counts what a key bound to another workspace reaches, without names it cannot know", () => {
    expect(
      describeScope({ ...scope, workspace_id: "ws2", environment_ids: ["x", "y"] }, tree, here, names).reach,
    ).toEqual(["2 environments of Side project"]);
    expect(describeScope({ ...scope, workspace_id: "ws3" }, tree, here, names).reach).toEqual([
      "Only another workspace",
    ]);
  });
});

describe("the OIDC trust form", () => {
  it("reads claim=pattern lines and names the line of a mistake", () => {
    expect(parseClaims("environment = production\n\nactor=*")).toEqual({
      claims: { environment: "production", actor: "*" },
    });
    expect(parseClaims("")).toEqual({ claims: {} });
    expect(parseClaims("environment=production\nno-equals")).toEqual({
      error: "Further claims, line 2: write claim=pattern, e.g. environment=production.",
    });
    expect(parseClaims("a=1\na=2")).toEqual({ error: "Further claims, line 2: a is named twice." });
  });

  it("prints the GitHub Actions workflow the CLI prints", () => {
    expect(githubSubject("acme/payments", "main")).toBe("repo:acme/payments:ref:refs/heads/main");
    expect(defaultAudience("https://coffer.example.com/")).toBe("coffer.example.com");
    const snippet = githubWorkflowSnippet({
      apiUrl: "https://coffer.example.com",
      serviceAccountId: "sa-1",
      audience: "coffer.example.com",
    });
    expect(snippet).toContain("id-token: write");
    expect(snippet).toContain("COFFER_SERVICE_ACCOUNT: sa-1");
    expect(snippet).toContain("&audience=coffer.example.com");
    expect(GITHUB_ISSUER).toBe("https://token.actions.githubusercontent.com");
  });
});
