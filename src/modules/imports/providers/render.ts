// Render: GET /v1/services/{serviceId}/env-vars?limit=100&cursor=…, a list of {cursor, envVar};
// the next page starts after the last item's cursor, and a short or empty page is the last.
import { AppError } from "../../../errors.ts";
import { callPlatform, isRecord, type PlatformCall, tooManyPages } from "./http.ts";
import { type ImportProvider, MAX_PAGES, type PlatformVariable } from "./types.ts";

const PAGE = 100;

export function render(origin: string, timeoutMs: number): ImportProvider {
  const call: PlatformCall = { platform: "Render", timeoutMs };
  return {
    async listVariables(token, source) {
      const service = encodeURIComponent(source.service_id ?? source.project_id ?? "");
      const variables: PlatformVariable[] = [];
      let cursor: string | null = null;
      for (let page = 0; ; page++) {
        if (page === MAX_PAGES) throw tooManyPages(call.platform, MAX_PAGES);
        const query = new URLSearchParams({ limit: String(PAGE) });
        if (cursor) query.set("cursor", cursor);
        const { body } = await callPlatform(call, `${origin}/v1/services/${service}/env-vars?${query}`, {
          headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        });
        if (!Array.isArray(body))
          throw new AppError("provider_unavailable", "Render answered an unexpected shape");
        for (const item of body) {
          const envVar = isRecord(item) && isRecord(item.envVar) ? item.envVar : undefined;
          if (!envVar || typeof envVar.key !== "string") continue;
          variables.push(
            typeof envVar.value === "string"
              ? { key: envVar.key, value: envVar.value }
              : { key: envVar.key, value: null, unreadableReason: "value not returned by Render" },
          );
        }
        const last = body.at(-1);
        cursor = isRecord(last) && typeof last.cursor === "string" ? last.cursor : null;
        if (body.length < PAGE || !cursor) break;
      }
      return variables;
    },
  };
}
