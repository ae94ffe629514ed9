// buildApp(deps): every plugin and every module's routes on one Fastify instance. main.ts runs
// it on a port; tests drive it with inject(). Nothing in here knows which of the two it is.
// It reads as the list of what it mounts, in order; how each part is made lives in src/app/.
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./app/deps.ts";
import { createFastify } from "./app/fastify.ts";
import { startPlatform } from "./app/platform.ts";
import { registerRequestGuards } from "./app/request-guards.ts";
import { createServices } from "./app/services.ts";
import { isInstanceOperator } from "./auth/policy.ts";
import { healthRoutes } from "./http/health.ts";
import { accountsRoutes } from "./modules/accounts/index.ts";
import { auditRoutes } from "./modules/audit/index.ts";
import { createDeviceLoginService, deviceLoginRoutes } from "./modules/device-login/index.ts";
import { environmentsRoutes } from "./modules/environments/index.ts";
import { importsRoutes } from "./modules/imports/index.ts";
import { createInstanceAdmin, instanceAdminRoutes } from "./modules/instance/index.ts";
import { invitesRoutes } from "./modules/invites/index.ts";
import { keysRoutes } from "./modules/keys/index.ts";
import { oauthRoutes } from "./modules/oauth/index.ts";
import { passwordsRoutes } from "./modules/passwords/index.ts";
import { projectsRoutes } from "./modules/projects/index.ts";
import { secretsRoutes } from "./modules/secrets/index.ts";
import { oidcExchangeRoute, serviceAccountsRoutes } from "./modules/service-accounts/index.ts";
import { sessionsRoutes } from "./modules/sessions/index.ts";
import { createShareLinkManagement, shareLinkRoutes, shareViewRoutes } from "./modules/sharing/index.ts";
import { teamsRoutes } from "./modules/teams/index.ts";
import { twoFactorRoutes } from "./modules/two-factor/index.ts";
import { verificationRoutes } from "./modules/verification/index.ts";
import { webhooksRoutes } from "./modules/webhooks/index.ts";
import { workspacesRoutes } from "./modules/workspaces/index.ts";

export type { AppDeps } from "./app/deps.ts";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock } = deps;
  const { app, dashboard } = createFastify(deps);
  const platform = startPlatform(app, deps);
  const { audit, budgets, masterKeys } = platform;
  const services = createServices(app, deps, platform);
  const { accountAudit, accounts, sessions, passwords, twoFactor, keys, workspaces, plans } = services;
  const { serviceAccounts, webhooks, teams, projects, environments, secrets, sharing, imports } = services;
  const { verification, invites, oauth, providers } = services;
  const authRateLimit = await registerRequestGuards(app, deps, platform, services);
  const refreshCookie = { secure: config.cookieSecure, maxAgeSeconds: config.refreshTokenTtl };

  await app.register(healthRoutes(platform.readiness));
  await app.register(dashboard.routes);
  await app.register(
    accountsRoutes({
      accounts,
      sessions,
      cookie: refreshCookie,
      authRateLimit,
      publicUrl: config.publicUrl,
      isInstanceOperator: (profile) =>
        isInstanceOperator({ email: profile.email, emailVerified: profile.email_verified }, config.operators),
    }),
  );
  await app.register(passwordsRoutes({ passwords, rateLimit: authRateLimit }));
  await app.register(twoFactorRoutes({ twoFactor }));
  await app.register(sessionsRoutes(sessions));
  await app.register(
    keysRoutes(keys, {
      lookup: workspaces.lookup,
      environmentsReached: (ctx, narrowed) => environments.reachedByKey(ctx, narrowed),
    }),
  );
  await app.register(workspacesRoutes(workspaces, config.accessTokenTtl));
  await app.register(
    instanceAdminRoutes(createInstanceAdmin({ db, clock, plans, operators: config.operators, masterKeys })),
  );
  await app.register(auditRoutes({ audit, workspaces }));
  await app.register(serviceAccountsRoutes({ serviceAccounts, workspaces }));
  await app.register(webhooksRoutes({ webhooks, workspaces }));
  await app.register(oidcExchangeRoute({ serviceAccounts, rateLimit: authRateLimit }));
  await app.register(teamsRoutes({ teams, projects, workspaces }));
  await app.register(projectsRoutes({ projects, workspaces }));
  await app.register(environmentsRoutes({ environments, workspaces }));
  await app.register(secretsRoutes({ secrets, sharing, workspaces }));
  await app.register(importsRoutes({ imports, workspaces }));
  await app.register(
    shareViewRoutes({
      sharing,
      rateLimit: authRateLimit,
      publicUrl: config.publicUrl,
      publicUrlSet: config.publicUrlSet,
    }),
  );
  await app.register(shareLinkRoutes({ links: createShareLinkManagement({ db, clock, audit }), workspaces }));
  await app.register(verificationRoutes(verification));
  await app.register(
    deviceLoginRoutes({
      deviceLogin: createDeviceLoginService({
        db,
        clock,
        sessions,
        accountAudit,
        guesses: budgets.deviceCodeGuesses,
        publicUrl: config.publicUrl,
      }),
      rateLimit: authRateLimit,
    }),
  );
  await app.register(invitesRoutes({ invites, workspaces, tokenRateLimit: authRateLimit }));
  await app.register(
    oauthRoutes({
      oauth,
      providers,
      publicUrl: config.publicUrl,
      cookie: refreshCookie,
      rateLimit: authRateLimit,
    }),
  );

  return app;
}
