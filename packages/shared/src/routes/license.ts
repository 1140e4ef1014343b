import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';

/** One server process of the deployment, as it last reported itself. */
export const ClusterNodeSchema = Type.Object({
  id: Type.String(),
  host: Type.String(),
  pid: Type.Integer(),
  version: Type.String(),
  started: Type.Number(),
  lastSeen: Type.Number(),
  /** The process that answered this request. */
  self: Type.Boolean(),
});
export type ClusterNode = Static<typeof ClusterNodeSchema>;

/** Answer of `license.get`: the instance's licence and cluster. */
export const LicenseInfoSchema = Type.Object({
  /** `open`: the self-hosted open edition, which needs no licence. */
  edition: Type.Literal('open'),
  licensed: Type.Boolean(),
  /** Always false here: nothing is locked behind a licence. */
  licenseRequired: Type.Boolean(),
  version: Type.String(),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  /** Limits of the edition; null is "no limit". */
  limits: Type.Object({
    apps: Type.Union([Type.Integer(), Type.Null()]),
    developers: Type.Union([Type.Integer(), Type.Null()]),
    nodes: Type.Union([Type.Integer(), Type.Null()]),
  }),
  cluster: Type.Object({
    /** Whether the processes share state through Redis (several nodes possible). */
    shared: Type.Boolean(),
    /** Processes seen in the last minute, this one included. */
    nodes: Type.Array(ClusterNodeSchema),
  }),
});
export type LicenseInfo = Static<typeof LicenseInfoSchema>;

/**
 * The server's licence and cluster (`license` group of the reference client). This is the open
 * self-hosted edition: `get` tells so with the cluster's nodes; `upload` and `replaceCluster` are
 * refused with 400 saying that no licence is needed (decision 0065).
 */
export const licenseRoutes = {
  get: defineRoute({
    name: 'license.get',
    method: 'GET',
    path: '/console/license',
    auth: 'developer',
    response: LicenseInfoSchema,
    summary: 'Edition, limits, version and the nodes of the cluster',
  }),
  upload: defineRoute({
    name: 'license.upload',
    method: 'POST',
    path: '/console/license',
    auth: 'developer',
    summary: '400: an open self-hosted server needs no licence and stores none',
    // Never answered with 200: refused before the body is read.
    response: Type.Unknown({ description: 'never: always 400' }),
  }),
  replaceCluster: defineRoute({
    name: 'license.replaceCluster',
    method: 'POST',
    path: '/console/license/cluster/replace',
    auth: 'developer',
    summary: '400: no licence binds this server to a cluster, so there is nothing to replace',
    response: Type.Unknown({ description: 'never: always 400' }),
  }),
};
