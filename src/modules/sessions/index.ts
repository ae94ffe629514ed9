// The sessions module's front door (tables: sessions, refresh_tokens).
export { sessionsRoutes } from "./routes.ts";
export {
  createSessionsService,
  purgeSessions,
  type SessionsService,
} from "./service.ts";
