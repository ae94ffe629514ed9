// Vercel: GET /v10/projects/{idOrName}/env?decrypt=true, paged with `until`; `target` filtered on
// our side (the API has no such parameter); sensitive values can never be read back, system ones
// get their value at deploy time, branch-specific ones are not the target's value; an entry that
// did not come back decrypted is fetched on its own.
import { AppError } from "../../../errors.ts";
import { callPlatform, isRecord, type PlatformCall, tooManyPages } from "./http.ts";
import { type ImportProvider, MAX_PAGES, type PlatformVariable } from "./types.ts";

interface VercelEnv {
  id?: string;
  key: string;
  value?: string;
  type?: string;
  target?: string | string[];
  gitBranch?: string | null;
  decrypted?: boolean;
}

const isEnv = (value: unknown): value is VercelEnv => isRecord(value) && typeof value.key === "string";

export function vercel(origin: string, timeoutMs: number): ImportProvider {
  const call: PlatformCall = { platform: "Vercel", timeoutMs };
  return {
    async listVariables(token, source) {
      const project = encodeURIComponent(source.project_id ?? "");
      const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
      const entries: VercelEnv[] = [];
      let until: string | number | null = null;
      for (let page = 0; ; page++) {
        if (page === MAX_PAGES) throw tooManyPages(call.platform, MAX_PAGES);
        const query = new URLSearchParams({ decrypt: "true" });
        if (until !== null) query.set("until", String(until));
        const { body } = await callPlatform(call, `${origin}/v10/projects/${project}/env?${query}`, {
          headers,
        });
        if (isRecord(body) && Array.isArray(body.envs)) {
          entries.push(...body.envs.filter(isEnv));
          const next = isRecord(body.pagination) ? body.pagination.next : null;
          until = typeof next === "string" || typeof next === "number" ? next : null;
        } else if (isEnv(body)) {
          entries.push(body);
          until = null;
        } else {
          throw new AppError("provider_unavailable", "Vercel answered an unexpected shape");
        }
        if (until === null) break;
      }
      const wanted = source.target ?? null;
      const inTarget = (env: VercelEnv) =>
        wanted === null || (Array.isArray(env.target) ? env.target.includes(wanted) : env.target === wanted);

      const variables: PlatformVariable[] = [];
      for (const env of entries.filter(inTarget)) {
        const unreadable = (unreadableReason: string) =>
          variables.push({ key: env.key, value: null, unreadableReason });
        if (env.type === "sensitive") unreadable("sensitive value: Vercel never returns it");
        else if (env.type === "system") unreadable("system variable: Vercel sets its value at deploy time");
        else if (typeof env.gitBranch === "string" && env.gitBranch !== "")
          unreadable(`applies only to the git branch ${env.gitBranch.slice(0, 256)}`);
        else if (env.decrypted === false && env.id) {
          const value = await fetchOne(env.id);
          if (value === null) unreadable("value could not be decrypted");
          else variables.push({ key: env.key, value });
        } else if (typeof env.value === "string") variables.push({ key: env.key, value: env.value });
        else unreadable("value not returned by Vercel");
      }
      return variables;

      /** One entry on its own; null when it still is not readable (or went away meanwhile). */
      async function fetchOne(id: string): Promise<string | null> {
        try {
          const { body } = await callPlatform(
            call,
            `${origin}/v1/projects/${project}/env/${encodeURIComponent(id)}`,
            { headers },
          );
          return isEnv(body) && typeof body.value === "string" && body.decrypted !== false
            ? body.value
            : null;
        } catch (error) {
          if (error instanceof AppError && error.code === "provider_not_found") return null;
          throw error;
        }
      }
    },
  };
}
