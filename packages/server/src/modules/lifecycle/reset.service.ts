import type { ResetAppBody } from '@basalt/shared';
import { ErrorCodes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { clearRows, loadAppSchema } from '../data/index.js';
import { forgetApp, type CoreContext } from './core/index.js';
import { SYSTEM_TABLES } from './core/system-tables.js';
import { SystemRowsRepo } from './core/system-rows.repo.js';
import type { ProcessesService } from './processes.service.js';

/** System rows of app users besides their Users records: sessions, roles, identities, pending links. */
const USER_ROWS = [
  'sec_user_sessions',
  'sec_user_roles',
  'oauth_identities',
  'app_user_password_resets',
  'app_user_email_confirmations',
];
const USERS_TABLE = 'Users';

type ResetParts = Required<Omit<ResetAppBody, 'confirmation'>>;

/**
 * Reset of chosen parts of an app (decision 0059). It runs at once (deleting rows is quick even for
 * large tables) and is recorded as a process of kind `reset` like the others.
 */
export class ResetService {
  private readonly system: SystemRowsRepo;

  constructor(
    private readonly core: CoreContext,
    private readonly processes: ProcessesService,
  ) {
    this.system = new SystemRowsRepo(core.ctx.dbs);
  }

  private get ctx(): ServerContext {
    return this.core.ctx;
  }

  async reset(appId: string, appName: string, developerId: string, body: ResetAppBody): Promise<string> {
    if (body.confirmation !== appName)
      throw new ApiError(
        ErrorCodes.CONFIRMATION_MISMATCH,
        body.confirmation === undefined
          ? "Type the application's name in `confirmation` to reset it"
          : "`confirmation` is not the application's name: nothing was reset",
      );
    const parts: ResetParts = {
      data: body.data === true,
      files: body.files === true,
      users: body.users === true,
      logic: body.logic === true,
      settings: body.settings === true,
    };
    if (!Object.values(parts).some(Boolean)) throw ApiError.badRequest('Choose at least one part to reset');
    const row = await this.processes.create(appId, 'reset', {
      parts: [
        ...(parts.data ? (['data'] as const) : []),
        ...(parts.files ? (['files'] as const) : []),
        ...(parts.users ? (['users'] as const) : []),
        ...(parts.logic ? (['code'] as const) : []),
        ...(parts.settings ? (['settings'] as const) : []),
      ],
      developerId,
    });
    try {
      await this.run(appId, parts);
      await this.processes.done(row.id);
    } catch (err) {
      await this.processes.failed(row.id, err);
      throw err;
    } finally {
      await forgetApp(this.ctx, appId);
    }
    return row.id;
  }

  private async run(appId: string, parts: ResetParts): Promise<void> {
    const db = this.ctx.dbs.app(appId);
    if (parts.data || parts.users) {
      const schema = await loadAppSchema(db);
      for (const t of schema.tables) {
        const isUsers = t.system && t.name === USERS_TABLE;
        if (isUsers ? !parts.users : !parts.data) continue;
        await clearRows(db, t.sqlName);
        for (const r of t.relations) await clearRows(db, r.linkTable);
      }
      // Relations pointing into a cleared table would name records that are gone.
      for (const t of schema.tables)
        for (const r of t.relations) {
          const target = schema.table(r.toTableName);
          const cleared = target && (target.system && target.name === USERS_TABLE ? parts.users : parts.data);
          if (cleared) await clearRows(db, r.linkTable);
        }
    }
    if (parts.users) await this.system.clear(appId, USER_ROWS);
    if (parts.files) {
      const driver = this.core.storage.forApp(appId);
      for (const top of await driver.list('')) await driver.remove(top.path);
    }
    const tablesOf = (part: string) => SYSTEM_TABLES.filter((s) => s.part === part).map((s) => s.table);
    if (parts.logic) await this.system.clear(appId, [...tablesOf('code')].reverse().concat('cc_timer_logs'));
    if (parts.settings) await this.system.clear(appId, [...tablesOf('settings')].reverse());
  }
}
