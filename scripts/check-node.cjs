// Runs before anything else on `npm start`, `npm run admin` and `npm run migrate`: older Node
// versions fail much later and far less clearly (Node 20 crashes inside better-sqlite3). Plain
// CommonJS and old syntax on purpose, so that it runs on any Node.
var parts = process.versions.node.split(".");
var major = Number(parts[0]);
var minor = Number(parts[1]);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    "coffer: Node.js 22.12 or newer is required, this is " +
      process.versions.node +
      "; install a current LTS from https://nodejs.org (or with nvm: nvm install 22)",
  );
  process.exit(1);
}
