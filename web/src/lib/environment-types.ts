// What an environment's type is for, said where it is chosen. The type is mostly a label: the server
// decides nothing by it (no permission reads it; protection is a setting of its own), and the
// dashboard only asks before changing what a prod environment inherits — so the hint says exactly that.
import { TYPE_ORDER } from "../../../src/lib/environment-order.ts";

export const ENVIRONMENT_TYPES = TYPE_ORDER;
export type EnvironmentType = (typeof TYPE_ORDER)[number];

export const TYPE_HINT =
  "The type is a label: it names and colours the environment's chip and sets where it is listed " +
  "(development, staging, production, then pilot and custom). It changes no permission; the dashboard " +
  "asks for confirmation before changing what a prod environment inherits. It cannot be changed after " +
  "the environment is created.";
