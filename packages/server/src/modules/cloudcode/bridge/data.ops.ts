import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { AppData } from '../../appapi/data-access.js';
import { AppRelations } from '../../appapi/relations-access.js';
import { optionalObject, text, type Args } from './args.js';
import type { Principal } from './principal.js';

type Rec = Record<string, unknown>;
export type OpFn = (p: Principal, a: Args) => Promise<unknown>;

/** A query as the code passes it (`{where, pageSize, offset, sortBy, props, ...}`), or the where text alone. */
function queryOf(a: Args): Rec | undefined {
  if (typeof a.query === 'string') return { where: a.query };
  return optionalObject(a, 'query');
}

function idOf(a: Args, op: string): string {
  if (typeof a.id === 'string' && a.id) return a.id;
  const item = optionalObject(a, 'item');
  if (item && typeof item.objectId === 'string') return item.objectId;
  throw ApiError.badRequest(`${op}: name the record by 'id' or an 'item' with its objectId`);
}

function whereOf(a: Args): string | undefined {
  return typeof a.where === 'string' ? a.where : undefined;
}

/**
 * The data ops of the bridge, through the app API's data service: the caller's record, table and
 * column permissions, dynamic schema and event handlers apply as for a REST call.
 */
export function dataOps(ctx: ServerContext): Record<string, OpFn> {
  const data = new AppData(ctx);
  const relations = new AppRelations(ctx, data);
  return {
    'data.find': (p, a) => data.find(p, text(a, 'table', 'data.find'), queryOf(a)),
    'data.findById': (p, a) =>
      data.findById(p, text(a, 'table', 'data.findById'), idOf(a, 'data.findById'), queryOf(a)),
    'data.findFirst': (p, a) => data.findById(p, text(a, 'table', 'data.findFirst'), 'first', queryOf(a)),
    'data.findLast': (p, a) => data.findById(p, text(a, 'table', 'data.findLast'), 'last', queryOf(a)),
    'data.count': (p, a) => {
      const where = whereOf(a) ?? (typeof a.query === 'string' ? a.query : undefined);
      return data.count(p, text(a, 'table', 'data.count'), where ? { where } : queryOf(a));
    },
    'data.save': (p, a) => data.save(p, text(a, 'table', 'data.save'), a.item),
    'data.remove': (p, a) => data.remove(p, text(a, 'table', 'data.remove'), idOf(a, 'data.remove')),
    'data.bulkCreate': (p, a) => data.bulkCreate(p, text(a, 'table', 'data.bulkCreate'), a.items),
    'data.bulkUpdate': (p, a) => data.bulkUpdate(p, text(a, 'table', 'data.bulkUpdate'), whereOf(a), a.changes),
    'data.bulkDelete': (p, a) => data.bulkDelete(p, text(a, 'table', 'data.bulkDelete'), whereOf(a)),
    'data.setRelation': (p, a) => relation(relations, p, 'set', a),
    'data.addRelation': (p, a) => relation(relations, p, 'add', a),
    'data.deleteRelation': (p, a) => relation(relations, p, 'delete', a),
    'data.loadRelations': (p, a) =>
      relations.load(
        p,
        text(a, 'table', 'data.loadRelations'),
        text(a, 'parentId', 'data.loadRelations'),
        text(a, 'relation', 'data.loadRelations'),
        queryOf(a),
      ),
  };
}

function relation(relations: AppRelations, p: Principal, mode: 'set' | 'add' | 'delete', a: Args): Promise<number> {
  const op = `data.${mode}Relation`;
  const children = a.children;
  // Children are ids, records, or a where clause (text) naming them.
  const where = typeof children === 'string' ? children : undefined;
  const body = typeof children === 'string' ? undefined : Array.isArray(children) ? children : [children];
  return relations.change(p, mode, text(a, 'table', op), text(a, 'parentId', op), text(a, 'relation', op), body, where);
}
