/** The logo limit of the server (512 KB), checked here first so a big file is refused before it is read. */
export const MAX_LOGO_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

/** What is wrong with a picked logo file, in words, or null. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, GIF, WebP or SVG image';
  if (file.size > MAX_LOGO_BYTES) return 'Choose an image of at most 512 KB';
  return null;
}

/** Reads a picked file as a data URL, the form the server stores logos in. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
