import type { ServerModule } from '../module.js';
import { authenticateApp } from '../../http/app-auth.js';
import { realtimeUrl } from '../../realtime/index.js';
import { AppData } from './data-access.js';
import { AppRelations } from './relations-access.js';
import { AppUsers } from './users.service.js';
import { registerUserRoutes } from './users.routes.js';
import { objectBody, registerDataRoutes } from './data.routes.js';
import { registerCounterAppRoutes } from './counters.routes.js';
import { registerDataExtraRoutes } from './data-extra.routes.js';
import { registerCacheAppRoutes } from './cache.routes.js';
import { registerHiveAppRoutes } from './hive.routes.js';
import { registerNotAvailableAppRoutes } from './not-available.routes.js';
import { registerPasswordResetRoutes } from './password-reset.routes.js';
import { registerDataPermissionRoutes } from './permissions.routes.js';
import { registerSchemaInfoRoutes } from './schema-info.routes.js';
import { registerUserAdminRoutes } from './users-admin.routes.js';
import { registerManagementRoutes } from './management.routes.js';
import { registerRunAsRoute } from '../security/run-as.routes.js';
import { passwordResetMigrations } from './password-reset.migrations.js';
import { PasswordResets } from './password-reset.service.js';
import { EmailConfirmations } from './email-confirmation.service.js';
import { UsersRepo } from './users.repo.js';
import { UserLinksRepo } from './user-links.repo.js';
import { registerUnitOfWorkRoutes } from './transactions/unit.routes.js';

/**
 * The app-facing REST API (`/{appId}/{apiKey}/…`) that the published `backendless` SDK calls:
 * app info, users, data with relations, counters, cache, hives (names, shared key operations, key-value), transactions; the groups not built yet answer 501. Every call is authenticated by
 * `http/app-auth.ts` and decided by the security module's permission engine. The shared hooks of
 * every app API route (CORS, panic mode, numeric error codes) are installed by `buildApp`.
 */
export const appApiModule: ServerModule = {
  name: 'appapi',
  systemMigrations: passwordResetMigrations,
  register(app, ctx) {
    // The first call of every SDK; an invalid token answers 3064 so the SDK retries without it.
    app.get('/:appId/:apiKey/info', async (req) => {
      const caller = await authenticateApp(ctx, req);
      // The app's logging levels (modules/cloudcode/logs): the SDK applies `Global logger` before it
      // sends; the server applies all of them again.
      const { loggers } = await ctx.cloudLogs.levels.config(caller.appId);
      return { appId: caller.appId, apiKey: caller.apiKey, rtURL: realtimeUrl(req), loggers };
    });
    const data = new AppData(ctx);
    const usersRepo = new UsersRepo(ctx);
    const links = new UserLinksRepo(ctx);
    // One of each per server: their limiters are shared by the app API routes and the links' pages.
    const resets = new PasswordResets(ctx, links, usersRepo);
    const confirmations = new EmailConfirmations(ctx, links, usersRepo);
    registerPasswordResetRoutes(app, resets, links);
    registerUserRoutes(app, ctx, new AppUsers(ctx, data, usersRepo, resets, confirmations), links);
    registerUserAdminRoutes(app, ctx, data, usersRepo);
    registerSchemaInfoRoutes(app, ctx, data);
    registerManagementRoutes(app, ctx, data);
    registerDataRoutes(app, ctx, data, new AppRelations(ctx, data));
    registerDataExtraRoutes(app, ctx, data);
    // The same work as `POST /{appId}/{apiKey}/data/{table}` and `…/{table}/find`, for requests
    // the fast lane takes (http/fast-lane.ts).
    ctx.fastLane?.serve('create', (caller, table, body) => data.create(caller, table, body));
    ctx.fastLane?.serve('find', (caller, table, body, res) =>
      data.find(caller, table, objectBody(body), true, undefined, res),
    );
    registerCounterAppRoutes(app, ctx);
    registerCacheAppRoutes(app, ctx);
    registerHiveAppRoutes(app, ctx);
    registerNotAvailableAppRoutes(app, ctx);
    registerDataPermissionRoutes(app, ctx, data);
    registerUnitOfWorkRoutes(app, ctx);
    registerRunAsRoute(app, ctx, data);
  },
};
