// The module rules (docs/development.md, "Architecture"): a module under src/modules/ is entered through its
// index.ts alone; what else is in its folder is its own. The floors below the modules never import them, and
// modules import each other without a circle. The CLI and the dashboard enter the SDK (src/client) through
// its index.ts alone. `npm run check` runs this over src/ and web/src/.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "module-internals-from-another-module",
      comment:
        "Import the other module's index.ts (its front door), or ask its owner to expose what you need there.",
      severity: "error",
      from: { path: "^src/modules/([^/]+)/" },
      to: { path: "^src/modules/[^/]+/", pathNot: ["^src/modules/$1/", "^src/modules/[^/]+/index\\.ts$"] },
    },
    {
      name: "module-internals-from-outside",
      comment:
        "Import the module's index.ts (its front door), or ask its owner to expose what you need there.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/modules/" },
      to: { path: "^src/modules/[^/]+/", pathNot: "^src/modules/[^/]+/index\\.ts$" },
    },
    {
      // The secrets module is large enough to have rooms of its own (docs/development.md): a
      // submodule's files reach another submodule, and the module's own files reach any of them,
      // through that submodule's index.ts; its routes.ts is the second door, for the module's
      // routes.ts alone. $1 is the submodule, or for a file of the module's own folder its name,
      // which no folder matches.
      name: "secrets-submodule-internals",
      comment: "Import the secrets submodule's index.ts, or export what you need there.",
      severity: "error",
      from: { path: "^src/modules/secrets/([^/]+)", pathNot: "^src/modules/secrets/routes\\.ts$" },
      to: {
        path: "^src/modules/secrets/[^/]+/",
        pathNot: ["^src/modules/secrets/$1/", "^src/modules/secrets/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "secrets-room-routes",
      comment:
        "The module's routes.ts registers each room's routes; the rest of a room is entered through its index.ts.",
      severity: "error",
      from: { path: "^src/modules/secrets/routes\\.ts$" },
      to: {
        path: "^src/modules/secrets/[^/]+/",
        pathNot: "^src/modules/secrets/[^/]+/(index|routes)\\.ts$",
      },
    },
    {
      // The floors below the modules hold no use case: what they need of a module (a person's
      // teams, say) is handed to them as a function or an interface by the composition root
      // (src/app.ts). Type imports count too: each tied http/, auth/ and the modules into one circle.
      name: "lower-floors-never-import-modules",
      comment:
        "Declare what you need here (a type, a function parameter, an interface) and let src/app.ts hand in the module's implementation.",
      severity: "error",
      from: { path: ["^src/(http|auth|db|crypto|lib|config)/", "^src/(errors|clock|config)\\.ts$"] },
      to: { path: "^src/modules/" },
    },
    {
      // Modules call each other one way only (a module that must reach back is handed a function or
      // an interface by src/app.ts). The circles meant are those of value imports, but type imports
      // count too: dependency-cruiser weighs one cycle per import, so a rule on value imports alone
      // misses a value circle whenever the cycle it found runs through a type import.
      name: "no-module-circles",
      comment:
        "Turn the import round: let this module declare the function or interface it needs and src/app.ts hand in the other module's.",
      severity: "error",
      from: { path: "^src/modules/([^/]+)/" },
      to: { path: "^src/modules/", pathNot: "^src/modules/$1/", circular: true },
    },
    {
      name: "client-internals",
      comment:
        "The CLI and the dashboard use the SDK as its users do: through coffer/client (src/client/index.ts).",
      severity: "error",
      from: { path: ["^src/cli/", "^web/src/"] },
      to: { path: "^src/client/", pathNot: "^src/client/index\\.ts$" },
    },
    {
      name: "dashboard-beside-the-server",
      comment:
        "The dashboard reaches the server only through the API (coffer/client). It shares only pure code that must agree with the server's: the permission matrix, the secret limits, the reference syntax, the dotenv parser and writer, the CI workflow snippet, and the order environments are listed in.",
      severity: "error",
      from: { path: "^web/src/" },
      to: {
        path: "^src/",
        pathNot: [
          "^src/client/index\\.ts$",
          "^src/auth/policy\\.ts$",
          "^src/lib/secret-limits\\.ts$",
          "^src/lib/references\\.ts$",
          "^src/cli/dotenv\\.ts$",
          "^src/lib/dotenv\\.ts$",
          "^src/lib/ci-snippet\\.ts$",
          "^src/lib/environment-order\\.ts$",
        ],
      },
    },
    {
      name: "server-beside-its-clients",
      comment:
        "The server needs neither the CLI nor the dashboard (nor the SDK, which is built from its document).",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/cli/", "^src/client/"] },
      to: { path: ["^src/cli/", "^src/client/", "^web/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    // The project's TypeScript (7, native) has no compiler API dependency-cruiser can load yet; swc
    // parses the sources instead (type-only imports included). Its "missing-tsc-transpiler" notice
    // says as much and can be ignored.
    parser: "swc",
  },
};
