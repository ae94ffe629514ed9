// Vercel: GET /v10/projects/{idOrName}/env?decrypt=true, paged with `until`; `target` filtered on
// our side (the API has no such parameter); sensitive values can never be read back; an entry
// that did not come back decrypted is fetched on its own.
import { AppError } from "../../../errors.ts";
import { callPlatform, isRecord, type PlatformCall } from "./http.ts";
import { type ImportProvider, MAX_PAGES, type PlatformVariable } from "./types.ts";

interface VercelEnv {
  id?: string;
  key: string;
  value?: string;
  type?: string;
  target?: string | string[];
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
      for (let page = 0; page < MAX_PAGES; page++) {
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
        if (env.type === "sensitive") {
          variables.push({
            key: env.key,
            value: null,
            unreadableReason: "sensitive value: Vercel never returns it",
          });
        } else if (env.decrypted === false && env.id) {
          variables.push({ key: env.key, value: await fetchOne(env.id) });
        } else if (typeof env.value === "string") {
          variables.push({ key: env.key, value: env.value });
        } else {
          variables.push({ key: env.key, value: null, unreadableReason: "value not returned by Vercel" });
        }
      }
      return variables.map((v) =>
        v.value === null && !v.unreadableReason
          ? { ...v, unreadableReason: "value could not be decrypted" }
          : v,
      );

      async function fetchOne(id: string): Promise<string | null> {
        const { body } = await callPlatform(
          call,
          `${origin}/v1/projects/${project}/env/${encodeURIComponent(id)}`,
          {
            headers,
          },
        );
        return isEnv(body) && typeof body.value === "string" && body.decrypted !== false ? body.value : null;
      }
    },
  };
}
