// The hosting platforms an import can read from, one adapter each behind ImportProvider, pointed at
// the configured base URLs (tests point them at fakes on 127.0.0.1).
import type { Config } from "../../../config.ts";
import type { IMPORT_PROVIDERS } from "../schemas.ts";
import { railway } from "./railway.ts";
import { render } from "./render.ts";
import type { ImportProvider } from "./types.ts";
import { vercel } from "./vercel.ts";

export type ProviderName = (typeof IMPORT_PROVIDERS)[number];

export function createProviders(settings: Config["imports"]): Record<ProviderName, ImportProvider> {
  return {
    railway: railway(settings.railwayUrl, settings.timeoutMs),
    vercel: vercel(settings.vercelUrl, settings.timeoutMs),
    render: render(settings.renderUrl, settings.timeoutMs),
  };
}
