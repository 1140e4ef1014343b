import type { AppWarning, AppWarnings } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { getRegistrationSettings } from '../users-config/index.js';
import type { ApiKeysService } from './api-keys.service.js';
import { WarningsRepo } from './warnings.repo.js';

/**
 * The `warning(appId)` answer: states of an app that need the developer's attention, each read from
 * where it lives (security, audit, data, users, keys), most severe first. The reference client
 * reads `warnings` (messages); `details` carry code, severity and the area that fixes each one.
 */
export class WarningsService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly keys: ApiKeysService,
  ) {}

  async list(appId: string): Promise<AppWarnings> {
    const found = (
      await Promise.all([this.panic(appId), this.hipaa(appId), this.mail(appId), this.keyRoles(appId)])
    ).flat();
    const order = { error: 0, warning: 1, info: 2 };
    const details = found.sort((a, b) => order[a.severity] - order[b.severity]);
    return { warnings: details.map((d) => d.message), details };
  }

  private async panic(appId: string): Promise<AppWarning[]> {
    const state = await this.ctx.security.panic.state(appId);
    if (!state.enabled) return [];
    return [
      {
        code: 'PANIC_MODE',
        severity: 'error',
        area: 'security',
        message: 'Panic mode is on: the app API refuses every call until it is turned off',
      },
    ];
  }

  private async hipaa(appId: string): Promise<AppWarning[]> {
    if (await this.ctx.audit.hipaaEnabled(appId)) return [];
    if (!(await this.holdsRecords(appId))) return [];
    return [
      {
        code: 'HIPAA_OFF_WITH_DATA',
        severity: 'info',
        area: 'security',
        message:
          'The app stores records but HIPAA compliance is off: reads of its data through the app API are not written to the audit log',
      },
    ];
  }

  /** Whether any table of the app (Users included) holds a record; stops at the first one. */
  private async holdsRecords(appId: string): Promise<boolean> {
    const schema = await this.ctx.data.schema(appId);
    if (!schema) return false;
    const repo = new WarningsRepo(this.ctx.dbs);
    for (const table of schema.tables) if (await repo.holdsAny(appId, table)) return true;
    return false;
  }

  private async mail(appId: string): Promise<AppWarning[]> {
    if (this.ctx.mailer.mode !== 'log') return [];
    const registration = await getRegistrationSettings(this.ctx, appId);
    if (!registration.emailConfirmationRequired) return [];
    return [
      {
        code: 'EMAIL_CONFIRMATION_WITHOUT_SMTP',
        severity: 'warning',
        area: 'users',
        message:
          'Registration asks new users to confirm their email, but the server has no SMTP_URL: the confirmation mails only reach the server log',
      },
    ];
  }

  private async keyRoles(appId: string): Promise<AppWarning[]> {
    return (await this.keys.list(appId))
      .filter((k) => k.roleMissing)
      .map((k) => ({
        code: 'API_KEY_ROLE_MISSING' as const,
        severity: 'warning' as const,
        area: 'settings',
        target: k.id,
        message: `The role of API key ${k.name} was deleted: calls with this key get no client role until you choose another`,
      }));
  }
}
