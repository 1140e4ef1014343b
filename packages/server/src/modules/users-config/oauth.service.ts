import type { OAuthProvider, OAuthTemplate } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import type { OAuthProvidersTable } from './users-config.migrations.js';
import type { UsersConfigRepo } from './users-config.repo.js';
import { OAUTH1_TEMPLATES, OAUTH2_TEMPLATES } from './oauth-templates.js';
import { asObject, bool, CODE, mapping, scopes, str, url, type Input } from './users-config.validate.js';
import { translateError } from '../../db/db-errors.js';

type Version = 1 | 2;
type Stored = Omit<OAuthProvider, 'id' | 'version' | 'code' | 'created' | 'updated'>;

const MAX_PROVIDERS = 50;

function toWire(row: OAuthProvidersTable): OAuthProvider {
  const data = JSON.parse(row.data) as Stored;
  return {
    id: row.id,
    version: row.version as Version,
    code: row.code,
    ...data,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

/** OAuth 1 and OAuth 2 login providers of an app: stored and validated (the sign-in dance is the app API's). */
export class OAuthProvidersService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: UsersConfigRepo,
  ) {}

  templates(version: Version): OAuthTemplate[] {
    return version === 1 ? OAUTH1_TEMPLATES : OAUTH2_TEMPLATES;
  }

  async list(appId: string, version: Version): Promise<OAuthProvider[]> {
    return (await this.repo.listProviders(appId, version)).map(toWire);
  }

  async get(appId: string, version: Version, idOrCode: string): Promise<OAuthProvider> {
    const row = await this.repo.findProvider(appId, version, idOrCode);
    if (!row) throw ApiError.notFound(`OAuth ${version} provider ${idOrCode} not found`);
    return toWire(row);
  }

  /** Reads a provider from a caller object over `base` (the stored provider or a template). */
  private read(version: Version, input: Input, base: Partial<OAuthProvider>): { code: string; data: Stored } {
    const code = str(input, 'code', base.code ?? '', {
      min: 1,
      max: 50,
      pattern: CODE,
      hint: 'must be lower-case letters, digits, - or _, starting with a letter',
    });
    if (!code) throw ApiError.field('BAD_REQUEST', 'code', 'code is required');
    const data: Stored = {
      name: str(input, 'name', base.name ?? code, { min: 1, max: 100 }),
      enabled: bool(input, 'enabled', base.enabled ?? true),
      clientId: str(
        input,
        'clientId',
        base.clientId ?? (typeof input.consumerKey === 'string' ? input.consumerKey : ''),
        { max: 500 },
      ),
      clientSecret: str(
        input,
        'clientSecret',
        base.clientSecret ?? (typeof input.consumerSecret === 'string' ? input.consumerSecret : ''),
        { max: 2000 },
      ),
      scope: scopes(input, 'scope', base.scope ?? []),
      authorizationUrl: url(input, 'authorizationUrl', base.authorizationUrl ?? ''),
      tokenUrl: url(input, 'tokenUrl', base.tokenUrl ?? ''),
      userInfoUrl: url(input, 'userInfoUrl', base.userInfoUrl ?? ''),
      fieldsMapping: mapping(input, 'fieldsMapping', base.fieldsMapping ?? { email: 'email' }),
    };
    if (version === 1) data.requestTokenUrl = url(input, 'requestTokenUrl', base.requestTokenUrl ?? '');
    if (!data.clientId)
      throw ApiError.field(
        'BAD_REQUEST',
        'clientId',
        version === 1 ? 'clientId (consumer key) is required' : 'clientId is required',
      );
    if (!data.authorizationUrl) throw ApiError.field('BAD_REQUEST', 'authorizationUrl', 'authorizationUrl is required');
    if (!data.tokenUrl) throw ApiError.field('BAD_REQUEST', 'tokenUrl', 'tokenUrl is required');
    return { code, data };
  }

  private async insert(appId: string, version: Version, code: string, data: Stored): Promise<OAuthProvider> {
    if ((await this.repo.listProviders(appId, version)).length >= MAX_PROVIDERS)
      throw ApiError.badRequest(`An app can have at most ${MAX_PROVIDERS} OAuth ${version} providers`);
    const now = Date.now();
    const row: OAuthProvidersTable = {
      id: newId(),
      app_id: appId,
      version,
      code,
      data: JSON.stringify(data),
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertProvider(row);
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'code', `An OAuth ${version} provider with code ${code} already exists`),
      });
    }
    return toWire(row);
  }

  create(appId: string, version: Version, body: unknown): Promise<OAuthProvider> {
    const { code, data } = this.read(version, asObject(body), {});
    return this.insert(appId, version, code, data);
  }

  createFromTemplate(appId: string, version: Version, body: unknown): Promise<OAuthProvider> {
    const input = asObject(body);
    const templateCode = input.templateCode ?? input.template ?? input.code;
    const template = this.templates(version).find((t) => t.code === templateCode);
    if (!template) {
      const known = this.templates(version)
        .map((t) => t.code)
        .join(', ');
      throw ApiError.field('BAD_REQUEST', 'templateCode', `templateCode must be one of: ${known}`);
    }
    const { version: _v, ...base } = template;
    const { code, data } = this.read(
      version,
      { ...input, code: typeof input.code === 'string' && input.code !== templateCode ? input.code : template.code },
      base,
    );
    return this.insert(appId, version, code, data);
  }

  async update(appId: string, version: Version, id: string, body: unknown): Promise<OAuthProvider> {
    const input = asObject(body);
    if (input.id !== undefined && input.id !== id)
      throw ApiError.field('BAD_REQUEST', 'id', 'id must match the provider in the path');
    const current = await this.get(appId, version, id);
    const { code, data } = this.read(version, input, current);
    try {
      await this.repo.updateProvider(current.id, code, JSON.stringify(data));
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'code', `An OAuth ${version} provider with code ${code} already exists`),
      });
    }
    return this.get(appId, version, current.id);
  }

  async remove(appId: string, version: Version, id: string): Promise<void> {
    const current = await this.get(appId, version, id);
    await this.repo.deleteProvider(appId, version, current.id);
  }

  /** Where the provider sends users back after they sign in: the app API's callback for this code. */
  callbackUrl(appId: string, version: Version, providerCode: string): { callbackUrl: string } {
    if (!CODE.test(providerCode)) throw ApiError.field('BAD_REQUEST', 'providerCode', 'The provider code is not valid');
    return { callbackUrl: `${this.ctx.config.publicUrl}/${appId}/users/oauth${version}/${providerCode}/callback` };
  }
}
