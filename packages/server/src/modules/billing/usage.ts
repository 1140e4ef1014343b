import type { PlanComponentId } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { createStorage, isStorageError, type StorageDriver, type StorageProvider } from '../../storage/index.js';
import type { CallGate } from './call-gate.js';
import type { CataloguePlan } from './catalogue.js';
import { BillingRepo } from './billing.repo.js';

/**
 * What an app uses of each component, measured when asked (the console's limits page, a switch's
 * check, a capacity check). A component this edition does not measure yet answers null, never a
 * made-up number.
 */
export class UsageMeter {
  private storage?: StorageProvider;

  constructor(
    private readonly ctx: ServerContext,
    private readonly gate: CallGate | undefined,
  ) {}

  async measure(appId: string, component: PlanComponentId, plan: CataloguePlan): Promise<number | null> {
    switch (component) {
      case 'api-calls-per-minute':
        return this.gate ? (await this.gate.usage(appId, plan)).perMinute : null;
      case 'api-calls-per-day':
        return this.gate ? (await this.gate.usage(appId, plan)).perDay : null;
      case 'file-storage-bytes':
        return this.fileBytes(appId);
      case 'tables':
        return this.tables(appId);
      case 'team-members':
        return this.teamMembers(appId);
      default:
        return null;
    }
  }

  /** Bytes of every file of the app (a walk of its storage; an app without files uses 0). */
  async fileBytes(appId: string, driver?: StorageDriver): Promise<number> {
    this.storage ??= createStorage(this.ctx.config);
    try {
      const entries = await (driver ?? this.storage.forApp(appId)).list('', { recursive: true });
      return entries.reduce((sum, e) => (e.type === 'FILE' ? sum + e.size : sum), 0);
    } catch (err) {
      if (isStorageError(err) && err.kind === 'not-found') return 0;
      throw err;
    }
  }

  /** The app's own tables (the system ones, Users among them, are not counted). */
  async tables(appId: string): Promise<number> {
    const schema = await this.ctx.data.schema(appId);
    return schema.tables.filter((t) => !t.system).length;
  }

  /** The owner and every member of the app's developer team. */
  async teamMembers(appId: string): Promise<number> {
    return 1 + (await new BillingRepo(this.ctx.dbs).memberCount(appId));
  }
}
