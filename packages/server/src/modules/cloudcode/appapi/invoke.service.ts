import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { AppCaller } from '../../../http/app-auth.js';
import { invokeAs } from '../runtime/invoke.js';
import { matchMethod } from '../services/method-routes.js';
import { ServicesService, specOf } from '../services/services.service.js';
import type { InvocationEntry } from '../services/invocation-memory.js';
import { CustomEventsRepo } from './custom-events.repo.js';
import { AWS_LAMBDA, type LambdaSettings } from '../services/lambda/settings.js';
import { invokeLambda } from '../services/lambda/invoke.js';
import { IMPORTED } from '../services/imported/document.js';
import { invokeImported } from '../services/imported/invoke.js';
import { importedArguments } from '../services/imported/args.js';
import type { StoredMethod } from '../services/method-routes.js';
import type { ServiceRecord } from '../store/index.js';
import { argumentsFor, type CallInput } from './args.js';

/** The request parts the code sees (`this.request`, `req.context`). */
export interface HttpParts {
  verb: string;
  /** The URL path, without the query. */
  path: string;
  headers: Record<string, unknown>;
  query: Record<string, unknown>;
}

/** `bl-execution-type: async` (or `async-low-priority`): answer at once, run in the background. */
export function isAsync(headers: Record<string, unknown>): boolean {
  const v = headers['bl-execution-type'];
  return typeof v === 'string' && v.toLowerCase().startsWith('async');
}

/** Lambda and imported services answer without a deployment: they run elsewhere. */
const isRemote = (s: ServiceRecord) => s.language === AWS_LAMBDA || s.language === IMPORTED;

/** Headers the code may read: never the caller's credentials of other kinds. */
function visibleHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) if (k !== 'cookie' && k !== 'auth-key') out[k] = v;
  return out;
}

/**
 * Invocations from the app API: service methods (by name or by generated REST route) and custom
 * events. The caller is the request's (API key, user token, roles); the service's `localservices`
 * permission (operation Invoke) is decided first, as for every other app API resource.
 */
export class ServiceInvoker {
  private readonly events: CustomEventsRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly services: ServicesService,
  ) {
    this.events = new CustomEventsRepo(ctx.dbs);
  }

  /** `rest`: the decoded path parts after `/services/{service}`. */
  async invokeService(
    caller: AppCaller,
    serviceName: string,
    rest: string[],
    input: Omit<CallInput, 'pathParams'>,
    http: HttpParts,
  ): Promise<{ run: () => Promise<unknown> }> {
    const entry = await this.services.callable(caller.appId, serviceName);
    const service = entry?.service;
    if (!entry || !service || (!service.deployment_id && !isRemote(service)))
      throw ApiError.notFound(`Service '${serviceName}' not found`);
    const spec = entry.spec;
    const match =
      matchMethod(spec.methods, http.verb, rest) ??
      (rest.length > 1 && rest[0] === service.version
        ? matchMethod(spec.methods, http.verb, rest.slice(1))
        : undefined);
    if (!match) throw ApiError.notFound(`Service '${serviceName}' has no method '${rest.join('/')}' for ${http.verb}`);
    await this.ctx.security.engine.require(
      caller,
      'localservices',
      [service.id, service.name],
      'Invoke',
      undefined,
      `service '${service.name}'`,
    );
    if (service.language === AWS_LAMBDA)
      return this.lambdaCall(caller, entry, match.method.name, input.body ?? null, visibleHeaders(http.headers));
    // The SDK POSTs every call to the method's name with the arguments in the body, whatever the verb of its REST route.
    const asCalled =
      match.byName && http.verb !== match.method.method ? { ...match.method, method: http.verb } : match.method;
    if (service.language === IMPORTED)
      return this.importedCall(
        service,
        entry.config ?? {},
        match.method,
        importedArguments(service.name, match.method, input, match.pathParams, match.byName),
      );
    const args = argumentsFor(service.name, asCalled, { ...input, pathParams: match.pathParams });
    const configurationItems = entry.config ?? {};
    // Only Lambda and imported services have no deployment, and they returned above.
    const deploymentId = service.deployment_id ?? '';
    return {
      run: async () =>
        (
          await invokeAs(
            this.ctx,
            caller.appId,
            caller,
            { kind: 'service', service: service.name, method: match.method.name },
            args,
            {
              deploymentId,
              context: {
                httpPath: http.path,
                httpHeaders: visibleHeaders(http.headers),
                httpQueryParams: http.query,
                httpPathParams: match.pathParams,
                configurationItems,
              },
            },
          )
        ).value ?? null,
    };
  }

  /**
   * `services.invoke` from cloud code: the method by name, `args` an array (positional) or what a
   * REST body would be; the code's principal needs the service's Invoke permission like any caller.
   */
  async invokeByName(
    caller: AppCaller & { depth?: number },
    serviceName: string,
    method: string,
    args: unknown,
  ): Promise<{ run: () => Promise<unknown> }> {
    const entry = await this.services.callable(caller.appId, serviceName);
    const service = entry?.service;
    if (!entry || !service || (!service.deployment_id && !isRemote(service)))
      throw ApiError.notFound(`Service '${serviceName}' not found`);
    const m = entry.spec.methods.find((x) => x.name === method);
    if (!m) throw ApiError.notFound(`Service '${serviceName}' has no method '${method}'`);
    await this.ctx.security.engine.require(
      caller,
      'localservices',
      [service.id, service.name],
      'Invoke',
      undefined,
      `service '${service.name}'`,
    );
    if (service.language === AWS_LAMBDA) return this.lambdaCall(caller, entry, method, args ?? null, {});
    if (service.language === IMPORTED)
      return this.importedCall(
        service,
        entry.config ?? {},
        m,
        Array.isArray(args) ? args : importedArguments(service.name, m, { body: args, query: {} }, {}, true),
      );
    const positional = Array.isArray(args)
      ? args
      : argumentsFor(service.name, { ...m, method: 'POST' }, { body: args, query: {}, pathParams: {} });
    const configurationItems = entry.config ?? {};
    // Only Lambda and imported services have no deployment, and they returned above.
    const deploymentId = service.deployment_id ?? '';
    return {
      run: async () =>
        (
          await invokeAs(
            this.ctx,
            caller.appId,
            caller,
            { kind: 'service', service: service.name, method },
            positional,
            {
              deploymentId,
              context: { configurationItems },
            },
          )
        ).value ?? null,
    };
  }

  /** A method of an AWS Lambda service: its function, called with `{args, context}` (decision 0049). */
  private async lambdaCall(
    caller: AppCaller,
    entry: InvocationEntry,
    method: string,
    args: unknown,
    headers: Record<string, unknown>,
  ): Promise<{ run: () => Promise<unknown> }> {
    const settings = entry.stored as unknown as LambdaSettings;
    const fn = settings.functions.find((f) => (f.methodName ?? f.name) === method);
    if (!fn) throw ApiError.notFound(`Service '${entry.service.name}' has no method '${method}'`);
    // The function learns who calls by userId; the caller's token stays here.
    const { 'user-token': _token, ...shown } = headers;
    const context = { userId: caller.userId, userRoles: caller.roles.map((r) => r.name), headers: shown };
    return {
      run: () =>
        invokeLambda(
          settings,
          fn,
          { args, context },
          { box: this.services.secrets, allowPrivate: this.ctx.config.remoteFetchPrivate },
        ),
    };
  }

  /** A method of an imported service: the remote operation, called with the configured base URL and auth (decision 0053). */
  private importedCall(
    service: ServiceRecord,
    config: Record<string, unknown>,
    method: StoredMethod,
    args: unknown[],
  ): { run: () => Promise<unknown> } {
    return {
      run: () =>
        invokeImported(service.name, method, args, config, { allowPrivate: this.ctx.config.remoteFetchPrivate }),
    };
  }

  /** A custom event: the handler's return value; a non-object is wrapped as `{result}` (the reference runner's rule). */
  async dispatchEvent(
    caller: AppCaller,
    name: string,
    args: unknown,
    http: HttpParts,
  ): Promise<{ run: () => Promise<unknown> }> {
    const handler = await this.events.handlerOf(caller.appId, name);
    if (!handler?.deployment_id) throw ApiError.notFound(`Custom event handler '${name}' does not exist`);
    const deploymentId = handler.deployment_id;
    return {
      run: async () => {
        const { value } = await invokeAs(
          this.ctx,
          caller.appId,
          caller,
          { kind: 'event', name },
          { args: args ?? {} },
          {
            deploymentId,
            context: { httpPath: http.path, httpHeaders: visibleHeaders(http.headers), httpQueryParams: http.query },
          },
        );
        return value !== null && typeof value === 'object' ? value : { result: value ?? null };
      },
    };
  }
}

/**
 * `testServiceConfig`: types and required items first; then the service's own `validateConfig(config)`
 * when it has one (a throw or `false` makes the answer invalid with its message).
 */
export async function testServiceConfig(
  ctx: ServerContext,
  services: ServicesService,
  appId: string,
  id: string,
  body: unknown,
): Promise<{ valid: boolean; message?: string }> {
  let checked;
  try {
    checked = await services.checkConfig(appId, id, body);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return { valid: false, message: err.message };
    throw err;
  }
  const { service, values } = checked;
  const hasValidator = specOf(service).methods.some((m) => m.name === 'validateConfig');
  if (!hasValidator || !service.deployment_id) return { valid: true };
  try {
    const { value } = await invokeAs(
      ctx,
      appId,
      null,
      { kind: 'service', service: service.name, method: 'validateConfig' },
      [values],
      {
        deploymentId: service.deployment_id,
        context: { configurationItems: values },
      },
    );
    return value === false ? { valid: false, message: 'The service refused the configuration' } : { valid: true };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { valid: false, message: err.message };
    throw err;
  }
}
