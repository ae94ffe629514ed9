// buildApp(deps): every plugin and every module's routes on one Fastify instance. main.ts runs
// it on a port; tests drive it with inject(). Nothing in here knows which of the two it is.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import type { Logger } from "pino";
import { createBudgets } from "./auth/attempt-budgets.ts";
import { bothBuses, type InvalidationBus, localBus, redisBus } from "./auth/auth-cache.ts";
import { isInstanceOperator } from "./auth/policy.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { checkMasterKey, createKeyring } from "./crypto/data-keys.ts";
import { createMasterKeys, deriveKey, type MasterKeys } from "./crypto/keyring.ts";
import { SERVICE_KEY_PREFIX } from "./crypto/tokens.ts";
import { poolOf } from "./db/connect.ts";
import { isStorageFull } from "./db/failures.ts";
import type { Db, Queryable } from "./db/schema.ts";
import { watchStorage } from "./db/storage-watch.ts";
import { AppError } from "./errors.ts";
import { registerAccountGuard, registerSecondFactorProof } from "./http/account-guard.ts";
import { registerAuthentication } from "./http/auth.ts";
import { capConnections, serverTimeouts } from "./http/connection-limits.ts";
import { createCredentialCheck } from "./http/credential-check.ts";
import { createDashboard } from "./http/dashboard.ts";
import { answerClientError, fromFrameworkError, registerErrorHandling } from "./http/errors.ts";
import { healthRoutes, type ReadinessCheck } from "./http/health.ts";
import { registerKeyScopeCheck } from "./http/key-scope-check.ts";
import { countingDecryptFailures, type NodeMetrics, registerMetrics } from "./http/metrics.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { registerOperationNames } from "./http/operations.ts";
import { countedStore, registerRateLimit } from "./http/rate-limit.ts";
import { ErrorCodeSchema } from "./http/schemas.ts";
import { registerTeamMemberships } from "./http/scope.ts";
import { apiSecurityHeaders, registerSecurityHeaders } from "./http/security-headers.ts";
import type { TlsPair } from "./http/tls.ts";
import { registerNamedSchemas, validatorCompiler } from "./http/validation.ts";
import { startHousekeeping } from "./jobs/housekeeping.ts";
import { type Counters, createLocalCounts, localCounters, redisCounters } from "./lib/counters.ts";
import { within } from "./lib/within.ts";
import {
  accountsRoutes,
  clearCurrentWorkspace,
  createAccountsService,
  findUser,
  setCurrentWorkspace,
} from "./modules/accounts/index.ts";
import {
  type AuditStreams,
  auditRoutes,
  createAuditService,
  createSinks,
  type PlaceNames,
  startAuditStreams,
} from "./modules/audit/index.ts";
import { createDeviceLoginService, deviceLoginRoutes } from "./modules/device-login/index.ts";
import { createEnvironmentsService, environmentsRoutes } from "./modules/environments/index.ts";
import { createImportsService, IMPORT_SCHEMAS, importsRoutes } from "./modules/imports/index.ts";
import { createInstanceAdmin, instanceAdminRoutes } from "./modules/instance/index.ts";
import {
  countPendingInvites,
  createInvitesService,
  endInvitesOfClaim,
  invitedThrough,
  invitesRoutes,
} from "./modules/invites/index.ts";
import { createKeysService, keyName, keysRoutes, type ScopeTargets } from "./modules/keys/index.ts";
import { createMailer } from "./modules/mail/index.ts";
import { createOAuthService, github, google, oauthRoutes, oidc } from "./modules/oauth/index.ts";
import { createPasswordsService, passwordsRoutes } from "./modules/passwords/index.ts";
import { createProjectsService, projectsRoutes } from "./modules/projects/index.ts";
import { createSecretsService, secretsRoutes } from "./modules/secrets/index.ts";
import {
  createServiceAccountsService,
  endServiceAccountsOfClaim,
  oidcExchangeRoute,
  serviceAccountsRoutes,
} from "./modules/service-accounts/index.ts";
import { createSessionsService, sessionsRoutes } from "./modules/sessions/index.ts";
import {
  createShareLinkManagement,
  createSharingService,
  endShareLinksOfClaim,
  shareLinkRoutes,
  shareViewRoutes,
} from "./modules/sharing/index.ts";
import { createTeamsService, removeFromAllTeams, teamIdsOf, teamsRoutes } from "./modules/teams/index.ts";
import { createTwoFactorService, twoFactorRoutes } from "./modules/two-factor/index.ts";
import { createVerificationService, verificationRoutes } from "./modules/verification/index.ts";
import {
  createWebhooksService,
  endWebhooksOfClaim,
  startDeliveries,
  webhooksRoutes,
} from "./modules/webhooks/index.ts";
import {
  createPlans,
  createWorkspacesService,
  foundingOf,
  memberIdsOf,
  workspacesRoutes,
} from "./modules/workspaces/index.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  masterKey: Buffer;
  /** Every master key this node holds (default: masterKey alone). */
  masterKeys?: MasterKeys;
  logger: Logger;
  redis?: Redis;
  /** The built dashboard (default: web/dist of this checkout). */
  dashboardDir?: string;
  /** How cache invalidations reach this node's other processes (a cluster's primary); Redis adds the other nodes. */
  bus?: InvalidationBus;
  /** Where rate limits and attempt budgets count on this node (default this process); Redis, when given, counts for every node and this is its fallback. */
  counters?: Counters;
  /** A cluster worker's way to the whole node's metrics (default: this process's are the node's). */
  nodeMetrics?: NodeMetrics;
  /** Whether this process runs the housekeeping job (default true; a cluster runs it once). */
  housekeeping?: boolean;
  /** The certificate and key to serve HTTPS with (default: plain HTTP). */
  tls?: TlsPair;
}

// The largest single-record body (a 64 KiB value, escaped, plus its description) fits in 1 MiB;
// the bulk routes take LIMITS.bulkBodyBytes. A small limit bounds what one request can hold in memory.
const BODY_LIMIT_BYTES = 1024 * 1024;
/** How long /readyz waits on the database before it says not ready (a partition answers nothing). */
const READINESS_WAIT_MS = 2_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves once no request is in flight (graceful shutdown waits on it). */
    drained(): Promise<void>;
    /** SIGHUP: the audit streams' files are opened again (log rotation); false when there are none. */
    reopenAuditStreams(): boolean;
  }
}

function trackInFlight(app: FastifyInstance): void {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  app.decorate("drained", () =>
    inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  );
  // Each request leaves the count once: when its response hooks have run, when Fastify sees it
  // aborted, or when its connection closes with no response finished. node:http aborts a request
  // whose client half-closes while the handler runs, and then neither hook comes: counted for
  // ever, it would hold every later shutdown to its grace period.
  const counted = new WeakSet<FastifyRequest>();
  const settle = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    inFlight--;
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  app.addHook("onRequest", async (request, reply) => {
    inFlight++;
    counted.add(request);
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) settle(request);
    });
  });
  app.addHook("onResponse", (request, _reply, next) => {
    settle(request);
    next();
  });
  app.addHook("onRequestAbort", (request, next) => {
    settle(request);
    next();
  });
}

/** Fastify's typings take no hop count (its runtime does): a count becomes the equivalent function. */
const trustedProxies = (trust: Config["trustProxy"]) =>
  typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are stored lower-case; an upper-case UUID in a path names the same resource. */
function lowerCaseUuidParams(params: unknown): void {
  if (!params || typeof params !== "object") return;
  const record = params as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === "string" && UUID.test(value)) record[name] = value.toLowerCase();
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock } = deps;
  // Answers that leave before any hook runs carry the same security headers as the rest.
  const earlyHeaders = apiSecurityHeaders(config.publicUrl);
  const httpOptions = { requireHostHeader: false, ...serverTimeouts(config.connections) };
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Behind a load balancer, the client's address (rate limits, audit, sessions) is in X-Forwarded-For.
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // URL-level failures (bad percent-encoding, a path segment past maxParamLength) keep the error contract.
    frameworkErrors: (error, _request, reply) => {
      const appError = fromFrameworkError(error);
      void (reply as FastifyReply)
        .code(appError.status)
        .headers(earlyHeaders)
        .send({ detail: appError.message, code: appError.code });
    },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, earlyHeaders),
    // A request without Host reaches the app, which refuses it in the error contract (below).
    // Fastify hands `http` to node:http only; node:https takes the same options beside the pair.
    ...(deps.tls ? { https: { ...deps.tls, ...httpOptions } } : { http: httpOptions }),
    requestTimeout: config.connections.requestTimeout * 1000,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  capConnections(app.server, config.connections);
  app.setValidatorCompiler(validatorCompiler);
  registerNamedSchemas(app, [ErrorCodeSchema, ...IMPORT_SCHEMAS]);
  registerOperationNames(app);
  registerSecurityHeaders(app, config.publicUrl);
  trackInFlight(app);
  const dashboard = createDashboard(deps.dashboardDir);
  registerErrorHandling(app, dashboard.answerNavigation);
  app.addHook("onRequest", async (request) => {
    if (request.raw.httpVersion === "1.1" && !request.headers.host) {
      throw new AppError("bad_request", "HTTP/1.1 requests must carry a Host header");
    }
  });

  // An empty JSON body is "no body" (bodiless POSTs from clients that always send the header).
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
  // JSON is the only body everywhere but /auth/login, which registers the form parser for itself.
  app.removeContentTypeParser("text/plain");
  app.addHook("preValidation", async (request) => lowerCaseUuidParams(request.params));
  // What /readyz and the metrics report; the parts below that depend on something add their check.
  const readiness: ReadinessCheck[] = [];
  let streams: AuditStreams | undefined;
  const metrics = registerMetrics(app, {
    token: config.metricsToken,
    db,
    dataDir: config.dataDir,
    readiness,
    // The bus exists by the time anything scrapes.
    invalidationBacklog: () => bus.backlog(),
    node: deps.nodeMetrics,
    ...(config.auditStreams.sinks.length > 0
      ? { auditStreamLag: () => streams?.lag() ?? Promise.resolve(new Map<string, number>()) }
      : {}),
  });
  const observeCache = metrics.observeCache;

  // Cache invalidation reaches this node's other processes through deps.bus (a cluster's primary),
  // and the other nodes through Redis when there is one.
  const nodesBus = deps.redis
    ? redisBus(deps.redis, {
        onPublishError: (error) =>
          deps.logger.error(
            { reason: (error as Error).message },
            "could not publish a cache invalidation to Redis: it is queued and sent when Redis is back; other nodes forget the revoked credential within 5 s meanwhile",
          ),
        onBacklogSent: (count) =>
          deps.logger.info({ count }, "queued cache invalidations published to Redis"),
      })
    : undefined;
  const bus = deps.bus && nodesBus ? bothBuses(deps.bus, nodesBus) : (deps.bus ?? nodesBus ?? localBus());
  app.addHook("onClose", () => bus.close());
  const masterKeys = deps.masterKeys ?? createMasterKeys({ key: deps.masterKey });
  if (deps.housekeeping ?? true) {
    const stopHousekeeping = startHousekeeping({
      db,
      clock,
      logger: deps.logger,
      settings: config,
      masterKeys,
    });
    app.addHook("onClose", stopHousekeeping);
  }
  const audit = createAuditService({
    db,
    clock,
    logger: deps.logger,
    masterKeys,
    actorNames: { keyName, emailOf: async (q, userId) => (await findUser(q, userId))?.email },
  });
  // Reads waiting to be recorded are written before the database goes.
  app.addHook("onClose", () => audit.flushReads());
  // Every process streams; for each sink the one holding its lease sends (several workers and nodes).
  if (config.auditStreams.sinks.length > 0) {
    const running = startAuditStreams({
      db,
      clock,
      logger: deps.logger,
      sinks: createSinks(config.auditStreams, {
        allowedNetworks: config.outboundAllowedNetworks,
        now: () => clock.now(),
      }),
      observer: metrics,
    });
    streams = running;
    app.addHook("onClose", () => running.stop());
  }
  app.decorate("reopenAuditStreams", () => {
    streams?.reopen();
    return streams !== undefined;
  });
  // Account-level events (keys, sessions, the account) are recorded in the user's workspaces.
  const accountAudit = {
    audit,
    memberWorkspaces: (q: Queryable, userId: string) => workspaces.idsOfMember(q, userId),
  };
  // Rate limits and attempt budgets count where every node and worker sees them: Redis, else the
  // node (deps.counters: a cluster's primary; else this process), which also counts while Redis fails.
  const nodeCounters = deps.counters ?? localCounters(createLocalCounts(() => clock.now().getTime()));
  const counters = deps.redis
    ? redisCounters(deps.redis, {
        fallback: nodeCounters,
        onFallback: (error) =>
          deps.logger.error(
            { reason: error.message },
            "Redis does not answer: rate limits and attempt budgets (failed sign-ins, code requests) count on this node only until it is back",
          ),
        onRecovered: () =>
          deps.logger.info("Redis answers again: rate limits and attempt budgets are shared again"),
      })
    : nodeCounters;
  if ("problem" in counters) {
    // While Redis fails, the limits hold for this node only: /readyz says so beside the bus's own problem.
    const counting = counters as { problem(): string | undefined };
    readiness.push({ dependency: "redis", problem: () => counting.problem() });
  }
  const budgets = createBudgets(counters, config);
  if (!poolOf(db)) {
    // The embedded database: its disk is this machine's to watch.
    const storage = watchStorage(config.dataDir);
    app.addHook("onError", (_request, _reply, error, done) => {
      if (isStorageFull(error)) storage.sawFull();
      done();
    });
    readiness.push({ dependency: "storage", problem: () => storage.problem() });
  }
  readiness.push(
    {
      dependency: "database",
      problem: async () => {
        try {
          await within(sql`select 1`.execute(db), READINESS_WAIT_MS, "the database");
          return undefined;
        } catch {
          return "Database not reachable";
        }
      },
    },
    {
      dependency: "master_key",
      after: "database",
      problem: async () =>
        (await within(
          checkMasterKey(db, masterKeys, clock.now().toISOString()),
          READINESS_WAIT_MS,
          "the database",
        ))
          ? "This node does not hold the store's master key"
          : undefined,
    },
  );
  if (nodesBus) {
    readiness.push({
      dependency: "redis",
      problem: () => {
        const problem = nodesBus.problem();
        return problem && `${problem}: revocations would not reach the other nodes`;
      },
    });
  }
  const siblingsBus = deps.bus;
  if (siblingsBus) readiness.push({ dependency: "workers", problem: () => siblingsBus.problem() });
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
  registerSecondFactorProof(app, twoFactor, budgets.secondFactor);
  registerTeamMemberships(app, teamIdsOf);
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
  const refreshCookie = { secure: config.cookieSecure, maxAgeSeconds: config.refreshTokenTtl };

  // The rate limit counts before authentication does, so bad credentials are counted too.
  const credentials = createCredentialCheck(
    {
      // The prefix tells a service account's key from a person's: one lookup either way.
      authenticateApiKey: (token, address) =>
        token.startsWith(SERVICE_KEY_PREFIX)
          ? serviceAccounts.authenticateKey(token, address)
          : keys.authenticateApiKey(token, address),
      authenticateAccessToken: sessions.authenticateAccessToken,
    },
    config.rateLimitPerMinute,
    counters,
  );
  const authRateLimit = await registerRateLimit(
    app,
    config.rateLimitPerMinute,
    credentials,
    countedStore(counters),
  );
  registerAuthentication(app, credentials);
  registerKeyScopeCheck(app);
  registerAccountGuard(app);
  await registerOpenApi(app, config.debug, config.publicUrl);

  await app.register(healthRoutes(readiness));
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
