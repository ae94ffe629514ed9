// The module rule (docs/development.md, "Architecture"): a module under src/modules/ is entered through its
// index.ts alone; what else is in its folder is its own. `npm run check` runs this over src/.
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
