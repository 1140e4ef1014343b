import type { Readable } from 'node:stream';
import { ApiError } from '../../../http/api-error.js';

export interface ImageFile {
  type: string;
  data: Buffer;
  width: number | null;
  height: number | null;
}

/** Reads an upload up to `max` bytes; a larger one is a 413 (the rest is left for the caller to drain). */
export async function readUpload(stream: Readable, max: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw ApiError.tooLarge(`The ${what} is larger than ${Math.round(max / 1024)} KB`);
    chunks.push(chunk);
  }
  if ((stream as { truncated?: boolean }).truncated) throw ApiError.tooLarge(`The ${what} is too large`);
  return Buffer.concat(chunks);
}

/**
 * The image type from the file's first bytes (the declared type is not trusted): ICO, PNG, GIF,
 * JPEG, WebP. SVG is refused: it is a document that can hold scripts.
 */
export function sniffImage(data: Buffer): ImageFile | undefined {
  const b = data;
  if (
    b.length >= 24 &&
    b.readUInt32BE(0) === 0x89504e47 &&
    b.readUInt32BE(4) === 0x0d0a1a0a &&
    b.toString('latin1', 12, 16) === 'IHDR'
  )
    return { type: 'image/png', data, width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 6 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1 && b.readUInt16LE(4) > 0)
    return {
      type: 'image/x-icon',
      data,
      width: b.length > 6 ? b[6] || 256 : null,
      height: b.length > 7 ? b[7] || 256 : null,
    };
  if (b.length >= 10 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a'))
    return { type: 'image/gif', data, width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { type: 'image/jpeg', data, width: null, height: null };
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return { type: 'image/webp', data, width: null, height: null };
  return undefined;
}

export const FAVICON_MAX = 64 * 1024;
export const PWA_ICON_MAX = 256 * 1024;

export function checkFavicon(data: Buffer): ImageFile {
  if (!data.length) throw ApiError.badRequest('The favicon file is empty');
  const img = sniffImage(data);
  if (!img)
    throw ApiError.badRequest(
      'The favicon must be an ICO, PNG, GIF, JPEG or WebP image (SVG and other files are refused)',
    );
  return img;
}

export function checkPwaIcon(data: Buffer): ImageFile {
  const img = sniffImage(data);
  if (!img || img.type !== 'image/png') throw ApiError.badRequest('The PWA icon must be a PNG image');
  if (img.width !== img.height || !img.width || img.width < 144 || img.width > 1024)
    throw ApiError.badRequest(
      `The PWA icon must be square, 144 to 1024 pixels (this one is ${img.width}×${img.height})`,
    );
  return img;
}
