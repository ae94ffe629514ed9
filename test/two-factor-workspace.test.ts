// Two-factor sign-in required by a workspace (issue 18): only an Owner who has it may require it;
// members without it are shut out, with what to do, until they turn it on, and may still leave.
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { enrolledUserOf } from "./helpers/enrolled-user.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { send } from "./helpers/http.ts";
import { createTree, newMember, secretsPath } from "./helpers/tree.ts";
import { enableTwoFactor } from "./helpers/two-factor.ts";

// The tests move the clock by 30 s per code; sessions must outlive that.
const t = testAppForSuite({ env: { COFFER_ACCESS_TOKEN_TTL: "86400" } });

/** A user with two-factor sign-in on. */
const enrolledUser = () => enrolledUserOf(t);

describe("a workspace that requires two-factor sign-in", () => {
  it("an Owner without it cannot require it (409); with it, can", async () => {
    const owner = await newUser(t.app);
    const refused = await send(t.app, "PATCH", `/workspaces/${owner.workspaceId}`, owner.headers, {
      require_two_factor: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("two_factor_not_enabled");
    await enableTwoFactor(t.app, owner.accessToken, t.clock);
    const required = await send(t.app, "PATCH", `/workspaces/${owner.workspaceId}`, owner.headers, {
      require_two_factor: true,
    });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json().require_two_factor).toBe(true);
  });

  it("shuts out members without it, with what to do, until they turn it on", async () => {
    const owner = await enrolledUser();
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const member = await newMember(t.app, t.db, owner.workspaceId, 1, [tree.teamId]);
    const key = await createApiKey(t.app, member.accessToken);
    const secrets = `${secretsPath(tree)}/`;
    expect((await send(t.app, "GET", secrets, member.headers)).statusCode).toBe(200);

    await send(t.app, "PATCH", `/workspaces/${owner.workspaceId}`, owner.headers, {
      require_two_factor: true,
    });

    for (const headers of [member.headers, { "x-api-key": key.token }]) {
      const shut = await send(t.app, "GET", secrets, headers);
      expect(shut.statusCode).toBe(403);
      expect(shut.json()).toEqual({
        detail: expect.stringContaining("/auth/2fa/setup"),
        code: "two_factor_enrollment_required",
      });
    }
    const current = await send(t.app, "GET", "/workspaces/current", {
      ...member.headers,
      "x-workspace-id": owner.workspaceId,
    });
    expect(current.statusCode).toBe(200);
    expect(current.json().require_two_factor).toBe(true);
    const members = await send(t.app, "GET", `/workspaces/${owner.workspaceId}/members`, owner.headers);
    const flags = Object.fromEntries(
      members.json().map((m: { user_id: string; two_factor: boolean }) => [m.user_id, m.two_factor]),
    );
    expect(flags).toEqual({ [owner.id]: true, [member.id]: false });

    // The owner stays in; the member turns it on and is let in at once.
    expect((await send(t.app, "GET", secrets, owner.headers)).statusCode).toBe(200);
    const enrolled = await enableTwoFactor(t.app, member.accessToken, t.clock);
    expect((await send(t.app, "GET", secrets, member.headers)).statusCode).toBe(200);
    // And cannot turn it off while a member.
    const off = await send(t.app, "POST", "/auth/2fa/disable", {
      ...member.headers,
      "x-coffer-otp": enrolled.nextCode(),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: "two_factor_required_by_workspace",
      workspaces: [{ id: owner.workspaceId, name: expect.any(String) }],
    });
    expect(off.json().detail).toContain("required");
  });

  it("a member without it may still leave", async () => {
    const owner = await enrolledUser();
    const member = await newMember(t.app, t.db, owner.workspaceId, 0);
    await send(t.app, "PATCH", `/workspaces/${owner.workspaceId}`, owner.headers, {
      require_two_factor: true,
    });
    const left = await send(
      t.app,
      "DELETE",
      `/workspaces/${owner.workspaceId}/members/${member.id}`,
      member.headers,
    );
    expect(left.statusCode, left.body).toBe(200);
  });
});
