import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface NodeRow {
  id: string;
  host: string;
  pid: number;
  version: string;
  started: number;
  last_seen: number;
}

/** The cluster's nodes table of the system database. */
export class ClusterNodesRepo {
  private readonly db: Kysely<{ cluster_nodes: NodeRow }>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<{ cluster_nodes: NodeRow }>;
  }

  /** Writes this node's row (its first heartbeat inserts it). */
  async beat(node: NodeRow): Promise<void> {
    await this.db
      .insertInto('cluster_nodes')
      .values(node)
      .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen: node.last_seen }))
      .execute();
  }

  /** Nodes seen since `since` (epoch ms), oldest first. */
  async seenSince(since: number): Promise<NodeRow[]> {
    const rows = await this.db
      .selectFrom('cluster_nodes')
      .selectAll()
      .where('last_seen', '>=', since)
      .orderBy('started')
      .execute();
    return rows.map((r) => ({
      ...r,
      pid: Number(r.pid),
      started: Number(r.started),
      last_seen: Number(r.last_seen),
    }));
  }

  /** Removes a node (on its shutdown) and rows of nodes gone for longer than `before`. */
  async remove(id: string, before: number): Promise<void> {
    await this.db.deleteFrom('cluster_nodes').where('id', '=', id).execute();
    await this.db.deleteFrom('cluster_nodes').where('last_seen', '<', before).execute();
  }
}
