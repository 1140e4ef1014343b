import { errorInfo } from '../../../../lib/errors';
import type { BlockProblem } from './CodelessEditor';

/**
 * A server refusal of codeless logic as a problem the editor can show at its block: the server's 400
 * names the block in `details.blockId` (and its type in `details.blockType`) when it can.
 */
export function blockProblemOf(error: unknown): BlockProblem | null {
  if (!error) return null;
  const info = errorInfo(error);
  const body = (error as { body?: { details?: Record<string, unknown> } }).body;
  const details = body?.details;
  const blockId = typeof details?.blockId === 'string' ? details.blockId : undefined;
  const blockType = typeof details?.blockType === 'string' ? details.blockType : undefined;
  return { message: info.message, blockId, blockType };
}
