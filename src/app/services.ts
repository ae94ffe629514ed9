// Each module's service, made in the order they need one another. Where two need each other, the
// later one is reached through a function that is only called once requests come.
import type { FastifyInstance } from "fastify";
import { createKeyring } from "../crypto/data-keys.ts";
import { deriveKey } from "../crypto/keyring.ts";
import type { Queryable } from "../db/schema.ts";
import { countingDecryptFailures } from "../http/metrics.ts";
import {
  clearCurrentWorkspace,
  createAccountsService,
  setCurrentWorkspace,
} from "../modules/accounts/index.ts";
import type { PlaceNames } from "../modules/audit/index.ts";
import { createEnvironmentsService } from "../modules/environments/index.ts";
import { createImportsService } from "../modules/imports/index.ts";
import {
  countPendingInvites,
  createInvitesService,
  endInvitesOfClaim,
  invitedThrough,
} from "../modules/invites/index.ts";
import { createKeysService, type ScopeTargets } from "../modules/keys/index.ts";
import { createMailer } from "../modules/mail/index.ts";
import { createOAuthService, github, google, oidc } from "../modules/oauth/index.ts";
import { createPasswordsService } from "../modules/passwords/index.ts";
import { createProjectsService } from "../modules/projects/index.ts";
import { createSecretsService } from "../modules/secrets/index.ts";
import {
  createServiceAccountsService,
  endServiceAccountsOfClaim,
} from "../modules/service-accounts/index.ts";
import { createSessionsService } from "../modules/sessions/index.ts";
import { createSharingService, endShareLinksOfClaim } from "../modules/sharing/index.ts";
import { createTeamsService, removeFromAllTeams } from "../modules/teams/index.ts";
import { createTwoFactorService } from "../modules/two-factor/index.ts";
import { createVerificationService } from "../modules/verification/index.ts";
import { createWebhooksService, endWebhooksOfClaim, startDeliveries } from "../modules/webhooks/index.ts";
import {
  createPlans,
  createWorkspacesService,
  foundingOf,
  memberIdsOf,
} from "../modules/workspaces/index.ts";
import type { AppDeps } from "./deps.ts";
import type { Platform } from "./platform.ts";

export type Services = ReturnType<typeof createServices>;

export function createServices(app: FastifyInstance, deps: AppDeps, platform: Platform) {
  const { config, db, clock } = deps;
  const { audit, bus, budgets, masterKeys, metrics } = platform;
  const observeCache = metrics.observeCache;
  // Account-level events (keys, sessions, the account) are recorded in the user's workspaces.
  const accountAudit = {
    audit,
    memberWorkspaces: (q: Queryable, userId: string) => workspaces.idsOfMember(q, userId),
  };
  const sessions = createSessionsService({
    db,
    bus,
    clock,
    accountAudit,
    jwtKey: deriveKey(deps.masterKey, "session-jwt/v1"),
    refreshKey: deriveKey(deps.masterKey, "refresh-successor/v1"),
    accessTokenTtl: config.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl,
    refreshReuseGrace: config.refreshReuseGrace,
    sessionMaxAge: config.sessionMaxAge,
    observeCache,
  });
  // What a scoped key may name: the workspaces, projects and environments modules answer.
  const scopeTargets: ScopeTargets = {
    isMember: async (workspaceId, userId) =>
      Boolean(await workspaces.lookup.membershipIn(workspaceId, userId)),
    projectsIn: (workspaceId, ids) => projects.idsIn(workspaceId, ids),
    environmentsIn: (workspaceId, ids) => environments.idsIn(workspaceId, ids),
  };
  const keys = createKeysService({ db, clock, bus, accountAudit, observeCache, scopeTargets });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    masterKeys,
    bus,
    accountAudit,
    issuer: `Coffer (${new URL(config.publicUrl).host})`,
    workspacesRequiring: (q, userId) => workspaces.requiringTwoFactorOf(q, userId),
    emailOf: async (userId) => (await accounts.findById(userId))?.email ?? userId,
  });
  const plans = createPlans(config.plans, countPendingInvites);
  const workspaces = createWorkspacesService({
    db,
    clock,
    plans,
    defaultPlan: config.defaultPlan,
    audit,
    sessions,
    twoFactor,
    ssoConfigured: config.oidc !== undefined,
    bus,
    observeCache,
    removeFromAllTeams,
    currentWorkspace: { set: setCurrentWorkspace, clear: clearCurrentWorkspace },
  });
  const teams = createTeamsService({ db, clock, audit });
  const projects = createProjectsService({ db, clock, audit, teams });
  const environments = createEnvironmentsService({
    db,
    clock,
    audit,
    projects,
    defaultRotationDays: config.defaultRotationDays,
  });
  const keyring = countingDecryptFailures(createKeyring({ masterKeys, clock }), metrics);
  const placeNames: PlaceNames = async (q, workspaceId, ids) => ({
    projects: await projects.namesIn(q, workspaceId, ids.projectIds),
    environments: await environments.namesIn(q, workspaceId, ids.environmentIds),
  });
  const secrets = createSecretsService({
    db,
    clock,
    keyring,
    audit,
    plans,
    environments,
    deletedSecretsDays: config.deletedSecretsDays,
    placeNames,
  });
  const sharing = createSharingService({
    db,
    clock,
    keyring,
    audit,
    plans,
    secrets,
    publicUrl: config.publicUrl,
    publicUrlSet: config.publicUrlSet,
  });
  const serviceAccounts = createServiceAccountsService({
    db,
    clock,
    bus,
    audit,
    serviceAccountLimit: plans.serviceAccountLimit,
    scopeTargets,
    observeCache,
    allowedNetworks: config.outboundAllowedNetworks,
    logger: deps.logger,
  });
  const imports = createImportsService({ secrets, settings: config.imports });
  // Every process sends deliveries; each is claimed by one of them (several workers and nodes).
  const deliveries = startDeliveries({
    db,
    clock,
    keyring,
    logger: deps.logger,
    audit,
    settings: config.webhooks,
    allowedNetworks: config.outboundAllowedNetworks,
  });
  app.addHook("onClose", deliveries.stop);
  const webhooks = createWebhooksService({
    db,
    clock,
    keyring,
    audit,
    places: {
      projectOf: (workspaceId, environmentId) => environments.projectOf(workspaceId, environmentId),
      projectsIn: (workspaceId, ids) => projects.idsIn(workspaceId, ids),
    },
    allowedNetworks: config.outboundAllowedNetworks,
    onQueued: deliveries.nudge,
  });
  // Every audited change that is a webhook event queues its deliveries in its own transaction.
  audit.listen((tx, rows) => webhooks.enqueue(tx, rows));
  // Entries name their project and environment as they are called when it happens.
  audit.namePlacesWith(placeNames);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger: deps.logger,
  });
  const verification = createVerificationService({
    db,
    clock,
    mailer,
    codeKey: deriveKey(deps.masterKey, "one-time-code/v1"),
    ttlSeconds: config.otpTtl,
    requests: budgets.codeRequests,
  });
  const invites = createInvitesService({
    db,
    clock,
    mailer,
    plans,
    audit,
    publicUrl: config.publicUrl,
    ttlSeconds: config.inviteTtl,
    passwords: {
      passwordMatches: (user, password) => accounts.passwordMatches(user, password),
      proveSecondFactor: (user, otp, client) => accounts.proveSecondFactor(user, otp, client),
    },
  });
  const providers = {
    google: google(config.google),
    github: github(config.github),
    oidc: oidc(config.oidc, clock),
  };
  const accounts = createAccountsService({
    db,
    clock,
    sessions,
    keys,
    workspaces,
    twoFactor,
    budgets,
    bus,
    accountAudit,
    claims: {
      workspacesOf: foundingOf,
      invitedThrough,
      memberIdsOf,
      removeMembers: workspaces.removeMembers,
      enders: [endInvitesOfClaim, endServiceAccountsOfClaim, endWebhooksOfClaim, endShareLinksOfClaim],
    },
  });
  const passwords = createPasswordsService({
    db,
    clock,
    accounts,
    sessions,
    mailer,
    budgets,
    accountAudit,
    bus,
    logger: deps.logger,
    publicUrl: config.publicUrl,
    ttlSeconds: config.passwordResetTtl,
  });
  const oauth = createOAuthService({
    db,
    clock,
    accounts,
    bus,
    providers,
    publicUrl: config.publicUrl,
    cookieKey: deriveKey(deps.masterKey, "oauth-state-cookie/v1"),
  });
  return {
    accountAudit,
    sessions,
    keys,
    twoFactor,
    plans,
    workspaces,
    teams,
    projects,
    environments,
    secrets,
    sharing,
    serviceAccounts,
    imports,
    webhooks,
    verification,
    invites,
    providers,
    accounts,
    passwords,
    oauth,
  };
}
