// The instance-admin API (`/admin/workspaces`): what the people who run this Coffer server
// (COFFER_OPERATORS) see of every workspace, and the plan they set. Anyone else gets 404.
import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { authErrors, ErrorBody, OtpHeader, PageQuery, SECURITY, Uuid } from "../../http/schemas.ts";
import { actorOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { InstancePlan, InstanceWorkspace, SetPlanBody } from "./schemas.ts";
import type { InstanceAdmin } from "./service.ts";

const NOT_OPERATOR =
  "Only for the instance's operators (COFFER_OPERATORS), signed in with a session to their verified account; " +
  "anyone else, and any API key, gets 404 as for a path that does not exist.";

export const instanceAdminRoutes =
  (admin: InstanceAdmin): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["Instance administration"];

    app.get(
      "/admin/workspaces",
      {
        schema: {
          tags,
          security: SECURITY,
          description: `Every workspace of the instance, oldest first; \`limit\` (default 100) and \`cursor\` (X-Next-Cursor). ${NOT_OPERATOR}`,
          querystring: PageQuery,
          response: { 200: Type.Array(InstanceWorkspace), 404: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const page = await admin.list(actorOf(request), request.query);
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.get(
      "/admin/plans",
      {
        schema: {
          tags,
          security: SECURITY,
          description: `The instance's plans (COFFER_PLANS) and what each allows. ${NOT_OPERATOR}`,
          response: { 200: Type.Array(InstancePlan), 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => admin.plans(actorOf(request)),
    );

    app.patch(
      "/admin/workspaces/:id",
      {
        schema: {
          tags,
          security: SECURITY,
          description:
            "Sets a workspace's plan, recorded in its audit trail as `workspace.plan_changed` by the operator's account; " +
            `the two-factor code in X-Coffer-OTP when the account has it. ${NOT_OPERATOR}`,
          params: Type.Object({ id: Uuid }),
          headers: OtpHeader,
          body: SetPlanBody,
          response: { 200: InstanceWorkspace, 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) =>
        admin.setPlan(actorOf(request), request.params.id.toLowerCase(), request.body.plan, () =>
          request.proveSecondFactor(),
        ),
    );
  };
