// The one ordered, add-only migration list. Never edit a landed entry: append a new one.
import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_accounts.ts";
import * as m0002 from "./0002_tenancy.ts";
import * as m0003 from "./0003_secrets.ts";
import * as m0004 from "./0004_identity.ts";
import * as m0005 from "./0005_master_key_ids.ts";
import * as m0006 from "./0006_purge_indexes.ts";
import * as m0007 from "./0007_environment_revision.ts";
import * as m0008 from "./0008_data_key_rotation.ts";
import * as m0009 from "./0009_account_security.ts";
import * as m0010 from "./0010_share_link_controls.ts";
import * as m0011 from "./0011_least_privilege.ts";
import * as m0012 from "./0012_secret_recovery.ts";
import * as m0013 from "./0013_secret_references.ts";
import * as m0014 from "./0014_inherited_environments.ts";
import * as m0015 from "./0015_webhooks.ts";
import * as m0016 from "./0016_single_sign_on.ts";
import * as m0017 from "./0017_session_end_reason.ts";
import * as m0018 from "./0018_audit_trail_names.ts";
import * as m0019 from "./0019_reference_writers.ts";
import * as m0020 from "./0020_device_authorizations.ts";
import * as m0021 from "./0021_protected_environments.ts";
import * as m0022 from "./0022_audit_chain.ts";
import * as m0023 from "./0023_audit_streams.ts";

export const migrations: Record<string, Migration> = {
  "0001_accounts": m0001,
  "0002_tenancy": m0002,
  "0003_secrets": m0003,
  "0004_identity": m0004,
  "0005_master_key_ids": m0005,
  "0006_purge_indexes": m0006,
  "0007_environment_revision": m0007,
  "0008_data_key_rotation": m0008,
  "0009_account_security": m0009,
  "0010_share_link_controls": m0010,
  "0011_least_privilege": m0011,
  "0012_secret_recovery": m0012,
  "0013_secret_references": m0013,
  "0014_inherited_environments": m0014,
  "0015_webhooks": m0015,
  "0016_single_sign_on": m0016,
  "0017_session_end_reason": m0017,
  "0018_audit_trail_names": m0018,
  "0019_reference_writers": m0019,
  "0020_device_authorizations": m0020,
  "0021_protected_environments": m0021,
  "0022_audit_chain": m0022,
  "0023_audit_streams": m0023,
};
