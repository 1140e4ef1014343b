import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { Routes, type LicenseInfo } from '@basalt/shared';
import type { ServerModule } from '../module.js';
import { ApiError } from '../../http/api-error.js';
import { handle, registeredRouteNames } from '../../http/route.js';
import { authenticateDeveloper } from '../../http/auth.js';
import { VERSION } from '../system/index.js';
import { licenseMigrations } from './license.migrations.js';
import { ClusterNodesRepo } from './cluster-nodes.repo.js';

/** A node writes its row this often; one not seen for `UP_MS` is not listed as up. */
const BEAT_MS = 10_000;
const UP_MS = 60_000;
/** Rows of nodes gone for a day are removed by the next node that stops. */
const FORGET_MS = 86_400_000;

const NO_LICENSE =
  'This is an open self-hosted Basalt server: it needs no licence, and none is stored. Every feature is on and nothing is limited by a licence.';

/**
 * The instance's licence and cluster (decision 0065). The open self-hosted edition needs no licence:
 * `get` says so, with the version, database and the nodes of the cluster (each process writes a
 * heartbeat row to the system database, so every node lists the same set); `upload` and
 * `replaceCluster` are a 400 saying that no licence is needed or stored.
 */
export const licenseModule: ServerModule = {
  area: 'license',
  name: 'license',
  systemMigrations: licenseMigrations,
  register(app, ctx) {
    const repo = new ClusterNodesRepo(ctx.dbs);
    const self = {
      id: ctx.cluster.invalidation.node,
      host: os.hostname(),
      pid: process.pid,
      version: VERSION,
      started: Date.now(),
    };
    const beat = () => repo.beat({ ...self, last_seen: Date.now() });
    // Per server instance (tests run several in one process), so kept in this closure.
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await beat();
      timer = setInterval(() => {
        beat().catch((err: unknown) => ctx.log.warn({ err }, 'The cluster heartbeat could not be written'));
      }, BEAT_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      await repo.remove(self.id, Date.now() - FORGET_MS).catch(() => undefined);
    });

    handle(app, ctx, Routes.license.get, async (): Promise<LicenseInfo> => {
      const nodes = await repo.seenSince(Date.now() - UP_MS);
      return {
        edition: 'open',
        licensed: false,
        licenseRequired: false,
        version: VERSION,
        database: ctx.dbs.kind,
        limits: { apps: null, developers: null, nodes: null },
        cluster: {
          shared: ctx.cluster.shared,
          nodes: nodes.map((n) => ({
            id: n.id,
            host: n.host,
            pid: n.pid,
            version: n.version,
            started: n.started,
            lastSeen: n.last_seen,
            self: n.id === self.id,
          })),
        },
      };
    });
    // A licence file may come as any content type (text, a form, bytes): the answer is the same
    // 400 whatever it is, so it is given before the body is read (no 415 for an unusual type).
    for (const [route, message] of [
      [Routes.license.upload, NO_LICENSE],
      [Routes.license.replaceCluster, `${NO_LICENSE} No licence binds it to a cluster, so there is none to replace.`],
    ] as const) {
      const refuse = async (req: FastifyRequest) => {
        await authenticateDeveloper(ctx, req);
        throw ApiError.badRequest(message);
      };
      app.route({ method: route.method, url: route.path, onRequest: refuse, handler: refuse });
      registeredRouteNames.add(route.name);
    }
  },
};
