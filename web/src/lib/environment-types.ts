// What an environment's type is for, said where it is chosen. The type is a label: the server
// decides nothing by it (no permission, confirmation or warning reads it), so the hint says so.
import { TYPE_ORDER } from "../../../src/lib/environment-order.ts";

export const ENVIRONMENT_TYPES = TYPE_ORDER;
export type EnvironmentType = (typeof TYPE_ORDER)[number];

export const TYPE_HINT =
  "The type is a label: it names and colours the environment's chip and sets where it is listed " +
  "(development, staging, production, then pilot and custom). It changes no permission or behaviour, " +
  "and cannot be changed after the environment is created.";
