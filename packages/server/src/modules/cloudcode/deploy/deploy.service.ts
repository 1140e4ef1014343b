import crypto from 'node:crypto';
import type { CodeDeployment, CodeFileInput } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import {
  DeploymentsRepo,
  FilesRepo,
  replaceProductionRows,
  type CloudCodeTrx,
  type DeploymentRecord,
  type FileKey,
} from '../store/index.js';
import { DraftsService, applyChange, draftChange } from '../drafts/drafts.service.js';
import { checkSizes } from '../drafts/limits.js';
import { sandbox } from '../runtime/sandbox-holder.js';
import { bundle } from './bundle.js';
import { readDocs } from './jsdoc.js';
import { productionRows, storedRegistration, type StoredRegistration } from './rows.js';
import { runDeployHooks } from './hooks.js';

export const newId = () => crypto.randomUUID().toUpperCase();

/** Registration runs get a short limit: top-level code only registers things. */
const ANALYSE_LIMITS = { timeoutMs: 2_000 };

let lastCreated = 0;
/** Deploy times strictly increase in a process, so "newest" is never a tie. */
function deployTime(): number {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return lastCreated;
}

export function deploymentAnswer(d: DeploymentRecord): CodeDeployment {
  const reg = JSON.parse(d.registration_json) as StoredRegistration;
  const files = JSON.parse(d.files_json) as Array<{ path: string }>;
  return {
    id: d.id,
    model: d.model,
    language: d.language,
    created: d.created,
    createdBy: d.created_by,
    active: d.active,
    services: reg.services.map((s) => s.name),
    handlers: reg.handlers.length,
    timers: reg.timers.length,
    files: files.map((f) => f.path),
  };
}

/**
 * Deploys: the files become the draft, the whole draft is bundled (esbuild) and run once in the
 * sandbox to learn what it registers, then one transaction stores the immutable deployment, copies
 * the files to production, replaces the model's PRODUCTION services/handlers/timers and makes the
 * deployment active. Any failure before the transaction leaves production as it was.
 */
export class DeployService {
  private readonly drafts: DraftsService;
  private readonly files: FilesRepo;
  private readonly deployments: DeploymentsRepo;

  constructor(private readonly ctx: ServerContext) {
    this.drafts = new DraftsService(ctx);
    this.files = new FilesRepo(ctx.dbs);
    this.deployments = new DeploymentsRepo(ctx.dbs);
  }

  async deploy(
    appId: string,
    language: string,
    model: string,
    body: CodeFileInput[],
    developerId: string | null,
  ): Promise<CodeDeployment> {
    const change = draftChange(body, false);
    const k = await this.drafts.key(appId, language, model, true);
    if (k.language !== 'JS')
      throw ApiError.badRequest(`${k.language} models are deployed with their own routes, not as files`);
    const next = applyChange(await this.files.all(k, 'draft'), change);
    checkSizes(next);
    // The draft keeps what was sent even when the build fails, as a save would.
    await this.files.change(k, 'draft', change.writes, change.removes, Date.now());
    const code = await bundle(next);
    const id = newId();
    const registration = await sandbox().analyse({ appId, deploymentId: id, code }, ANALYSE_LIMITS);
    const stored = storedRegistration(registration, readDocs(next));
    const created = deployTime();
    await this.switchTo(k, id, stored, created, async (trx) => {
      await this.deployments.insert(trx, {
        id,
        app_id: appId,
        language: k.language,
        model: k.model,
        created,
        created_by: developerId,
        code,
        registration_json: JSON.stringify(stored),
        files_json: JSON.stringify(next),
      });
      await this.files.replaceStage(trx, k, 'production', next, created);
    });
    return deploymentAnswer((await this.deployments.get(appId, id))!);
  }

  /** The model's deployments, newest first. */
  async history(appId: string, language: string, model: string): Promise<CodeDeployment[]> {
    const k = await this.drafts.key(appId, language, model);
    return (await this.deployments.list(k)).map(deploymentAnswer);
  }

  /** Makes an earlier deployment production again: its files, services, handlers and timers. */
  async rollback(appId: string, language: string, model: string, deploymentId: string): Promise<CodeDeployment> {
    const k = await this.drafts.key(appId, language, model);
    const d = await this.deployments.get(appId, deploymentId);
    if (!d || d.language !== k.language || d.model !== k.model)
      throw ApiError.notFound(`Deployment '${deploymentId}' not found in model '${k.model}'`);
    const stored = JSON.parse(d.registration_json) as StoredRegistration;
    const files = JSON.parse(d.files_json) as Array<{ path: string; content: string }>;
    const now = Date.now();
    await this.switchTo(k, d.id, stored, now, (trx) => this.files.replaceStage(trx, k, 'production', files, now));
    return deploymentAnswer((await this.deployments.get(appId, d.id))!);
  }

  private async switchTo(
    k: FileKey,
    deploymentId: string,
    stored: StoredRegistration,
    now: number,
    first: (trx: CloudCodeTrx) => Promise<void>,
  ): Promise<void> {
    await this.deployments.database.transaction().execute(async (trx) => {
      await first(trx);
      await replaceProductionRows(trx, k, deploymentId, productionRows(stored), now, newId);
      await this.deployments.activate(trx, k, deploymentId);
      await this.deployments.prune(trx, k);
      await runDeployHooks({
        trx,
        appId: k.appId,
        language: k.language,
        model: k.model,
        deploymentId,
        registration: stored,
        now,
      });
    });
    // After the commit, so every process (this one included) re-reads the handlers it now has.
    await this.ctx.cluster.invalidation.changed('handlers', k.appId);
  }
}
