// The OpenAPI document exactly as a server serves it: the app built with DEBUG on a throw-away
// SQLite store. Used by the lint (npm run check) and the client generator.
import { throwawayApp } from "./throwaway-app.ts";

export async function servedDocument(): Promise<Record<string, unknown>> {
  const { app, close } = await throwawayApp({ env: { DEBUG: "true" } });
  try {
    return (await app.inject({ method: "GET", url: "/openapi.json" })).json();
  } finally {
    await close();
  }
}
