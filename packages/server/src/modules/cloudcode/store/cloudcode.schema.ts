import type { Kysely, Transaction } from 'kysely';
import type { SystemDB } from '../../../db/system-schema.js';

/*
 * Row types of the cloud-code tables (store/cloudcode.migrations.ts). The columns are the shared
 * contract of the cloud-code parts: handlers/timers and logs use these same tables through their
 * own repo files. Times are epoch ms; flags 0/1; `*_json` columns hold JSON text.
 */

export interface CcModelRow {
  app_id: string;
  /** JS | CODELESS */
  language: string;
  name: string;
  created: number;
}

export interface CcFileRow {
  app_id: string;
  language: string;
  model: string;
  /** draft | production */
  stage: string;
  /** `/`-separated path inside the model, no leading slash. */
  path: string;
  content: string;
  updated: number;
}

export interface CcDeploymentRow {
  id: string;
  app_id: string;
  language: string;
  model: string;
  created: number;
  created_by: string | null;
  /** The esbuild IIFE bundle the sandbox runs. */
  code: string;
  /** The sandbox's `Registration` of the bundle, plus per-method JSDoc (services[].methods[].doc). */
  registration_json: string;
  /** `[{path, content}]` of the files it was built from (for rollback). */
  files_json: string;
  active: number;
}

export interface CcServiceRow {
  id: string;
  app_id: string;
  model: string;
  name: string;
  language: string;
  version: string;
  deployment_id: string | null;
  /** `StoredServiceSpec`: description and methods (verb, path, params, JSDoc types). */
  spec_json: string;
  /** Declared configuration items `[{name, displayName, type, ...}]`. */
  config_json: string;
  created: number;
  /** 1 when MCP clients may call the service (migration 0501; absent on insert = 0). */
  mcp_enabled?: number;
}

export interface CcHandlerRow {
  id: string;
  app_id: string;
  /** DRAFT | PRODUCTION | DEBUG | MARKETPLACE */
  mode: string;
  language: string;
  model: string;
  provider: string;
  event_id: number | null;
  event_name: string;
  target: string;
  async: number;
  enabled: number;
  deployment_id: string | null;
  created: number;
  timeout_ms: number | null;
}

export interface CcChainRow {
  app_id: string;
  event_id: number;
  target: string;
  order_json: string;
}

export interface CcTimerRow {
  id: string;
  app_id: string;
  mode: string;
  language: string;
  model: string;
  name: string;
  start_date: number | null;
  expire: number | null;
  frequency_json: string | null;
  timezone: string | null;
  enabled: number;
  next_run_at: number | null;
  last_run_at: number | null;
  last_status: string | null;
  running_since: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  deployment_id: string | null;
  created: number;
}

export interface CcTimerLogRow {
  id: string;
  app_id: string;
  timer_name: string;
  /** schedule | manual */
  trigger: string;
  started_at: number;
  duration_ms: number | null;
  /** ok | error | timeout | skipped */
  status: string;
  error: string | null;
  log_excerpt: string | null;
}

export interface CcServiceConfigRow {
  app_id: string;
  model: string;
  service: string;
  /** `{name: value}`; secret values sealed (`enc:v1:…`). */
  values_json: string;
  updated: number;
}

export interface CcServiceDefaultRow {
  app_id: string;
  service: string;
  model: string;
}

/** A codeless service (its deployed form is a `cc_services` row with the same id). */
export interface CcCodelessServiceRow {
  id: string;
  app_id: string;
  model: string;
  name: string;
  description: string;
  created: number;
  updated: number;
}

export interface CcCodelessMethodRow {
  id: string;
  app_id: string;
  service_id: string;
  name: string;
  description: string;
  /** `[{name, type, description?, required?}]` */
  params_json: string;
  /** Explicit REST verb and path; null follows the naming rules. */
  verb: string | null;
  path: string | null;
  returns: string | null;
  /** Blockly JSON of the deployed logic; null before any. */
  logic_json: string | null;
  xml: string | null;
  client_code: string | null;
  /** The body the server generated from `logic_json`. */
  code: string | null;
  created: number;
  updated: number;
}

export interface CcCodelessFunctionRow {
  id: string;
  app_id: string;
  name: string;
  description: string;
  /** `{inputs: [{name, type}], ...}` as sent. */
  definition_json: string;
  logic_json: string | null;
  xml: string | null;
  client_code: string | null;
  code: string | null;
  created: number;
  updated: number;
}

/** Logic of a codeless handler (`handler`, key provider/event/target), timer or custom event. */
export interface CcCodelessLogicRow {
  app_id: string;
  model: string;
  /** handler | timer */
  kind: string;
  item_key: string;
  logic_json: string;
  xml: string | null;
  client_code: string | null;
  code: string;
  updated: number;
}

export interface CloudCodeTables {
  cc_models: CcModelRow;
  cc_files: CcFileRow;
  cc_deployments: CcDeploymentRow;
  cc_services: CcServiceRow;
  cc_handlers: CcHandlerRow;
  cc_chains: CcChainRow;
  cc_timers: CcTimerRow;
  cc_timer_logs: CcTimerLogRow;
  cc_service_config: CcServiceConfigRow;
  cc_service_defaults: CcServiceDefaultRow;
  cc_codeless_services: CcCodelessServiceRow;
  cc_codeless_methods: CcCodelessMethodRow;
  cc_codeless_functions: CcCodelessFunctionRow;
  cc_codeless_logic: CcCodelessLogicRow;
}

export type CloudCodeDb = Kysely<SystemDB & CloudCodeTables>;
export type CloudCodeTrx = Transaction<SystemDB & CloudCodeTables>;
