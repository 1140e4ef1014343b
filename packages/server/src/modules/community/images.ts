import { ApiError } from '../../http/api-error.js';

/** Largest photo and background, in bytes of the decoded image. */
export const IMAGE_LIMITS = { profilePhoto: 512 * 1024, background: 2 * 1024 * 1024 } as const;

/** The image types a profile may show, recognised by their first bytes, never by what the client says. */
const SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * Checks an image sent as a `data:` URL (base64) and answers it re-written with the type its bytes
 * show. SVG is refused (it can carry script); so is anything over the field's limit.
 */
export function checkedImage(field: keyof typeof IMAGE_LIMITS, value: string): string {
  const m = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!m)
    throw ApiError.field(
      'VALIDATION',
      field,
      `${field} must be a data: URL of a PNG, JPEG, GIF or WebP image (base64)`,
    );
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length > IMAGE_LIMITS[field])
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `${field} is ${bytes.length} bytes; at most ${IMAGE_LIMITS[field]} are allowed`,
    );
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw ApiError.field('VALIDATION', field, `${field} is not a PNG, JPEG, GIF or WebP image`);
  return `data:${kind.type};base64,${bytes.toString('base64')}`;
}
