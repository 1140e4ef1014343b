import { CodelessError, generateCodeless, type CodelessKind, type GeneratedCode } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';

/** A codeless item as errors name it: `{type: 'method', id, name: 'Calc.sum'}`. */
export interface CodelessItemRef {
  type: 'method' | 'function' | 'handler' | 'timer' | 'event';
  id: string;
  name: string;
}

/**
 * Generates an item's code from its stored blocks with the shared generator (the one the console's
 * preview uses). Missing logic is an empty body (the item answers null). A generator refusal is a
 * 400 `CLOUD_CODE_DEPLOY_ERROR` naming the item and the block, with both in `details`.
 */
export function generateItem(
  item: CodelessItemRef,
  logic: unknown,
  kind: CodelessKind,
  params?: string[],
): GeneratedCode {
  if (logic === null || logic === undefined) return { body: '', functions: [], services: [] };
  try {
    return generateCodeless(logic, { kind, ...(params ? { params } : {}) });
  } catch (err) {
    if (!(err instanceof CodelessError)) throw err;
    const where = err.blockId ? ` at block '${err.blockId}'${err.blockType ? ` (${err.blockType})` : ''}` : '';
    throw new ApiError('CLOUD_CODE_DEPLOY_ERROR', `The logic of ${item.type} '${item.name}'${where}: ${err.message}`, {
      item,
      blockId: err.blockId ?? null,
      blockType: err.blockType ?? null,
    });
  }
}
