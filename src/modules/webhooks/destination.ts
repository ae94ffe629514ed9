// Where a webhook may send: a URL Coffer would deliver to, and filters that name places of the workspace.
import type { RequestContext } from "../../auth/context.ts";
import { ValidationFailed } from "../../errors.ts";
import { destinationProblem } from "../../lib/outbound.ts";
import type { WebhookInput, WebhooksDeps } from "./service.ts";

const urlIssue = (msg: string, input: string) =>
  new ValidationFailed([{ loc: ["body", "url"], msg, type: "value_error", input }]);

/** 422 for a URL Coffer would never deliver to; checked again, after resolution, at each delivery. */
export async function checkUrl(text: string, allowedNetworks: readonly string[]): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw urlIssue("Not a URL", text);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw urlIssue("The URL must be https", text);
  if (url.username || url.password) {
    throw urlIssue("Credentials do not belong in the URL: verify the Coffer-Signature header instead", text);
  }
  const problem = await destinationProblem(url, allowedNetworks);
  if (problem) throw urlIssue(problem, text);
  return url.toString();
}

/** The filters, checked against the workspace: the project an environment filter implies is stored too. */
export async function checkPlace(
  places: WebhooksDeps["places"],
  ctx: RequestContext,
  input: Pick<WebhookInput, "project_id" | "environment_id">,
) {
  let projectId = input.project_id ?? null;
  const environmentId = input.environment_id ?? null;
  if (environmentId !== null) {
    const owner = await places.projectOf(ctx.workspaceId, environmentId);
    if (!owner || (projectId !== null && owner !== projectId)) {
      throw new ValidationFailed([
        {
          loc: ["body", "environment_id"],
          msg: "Not an environment of this workspace (and of project_id, when given)",
          type: "value_error",
          input: environmentId,
        },
      ]);
    }
    projectId = owner;
  } else if (projectId !== null && !(await places.projectsIn(ctx.workspaceId, [projectId])).has(projectId)) {
    throw new ValidationFailed([
      {
        loc: ["body", "project_id"],
        msg: "Not a project of this workspace",
        type: "value_error",
        input: projectId,
      },
    ]);
  }
  return { project_id: projectId, environment_id: environmentId };
}
