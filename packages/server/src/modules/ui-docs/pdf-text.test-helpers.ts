import zlib from 'node:zlib';

/**
 * The text a PDF shows, read without any PDF library: every stream is inflated (FlateDecode), each
 * font's ToUnicode CMap (`bfchar` and `bfrange`) maps glyph codes back to characters, and the hex
 * strings of the content streams' `Tj`/`TJ` operators are decoded with them. Enough for the PDFs
 * Chromium (Skia) writes: one text run per line, glyph codes as 2-byte hex.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /(?<!end)stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(zlib.inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
    re.lastIndex = end + 9;
  }
  const map = new Map<string, string>();
  const hexChar = (h: string) =>
    String.fromCodePoint(
      ...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)).filter((n) => n < 0xd800 || n > 0xdfff),
    );
  for (const s of streams) {
    if (!s.includes('begincmap')) continue;
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, uni] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set(code.toUpperCase(), hexChar(uni));
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, lo, hi, uni] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        const a = parseInt(lo, 16);
        const b = parseInt(hi, 16);
        const u = parseInt(uni, 16);
        for (let i = a; i <= b && i - a < 10_000; i++)
          map.set(i.toString(16).toUpperCase().padStart(lo.length, '0'), String.fromCodePoint(u + i - a));
      }
  }
  const out: string[] = [];
  for (const s of streams) {
    if (s.includes('begincmap')) continue;
    for (const run of s.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9A-Fa-f]+)>\s*Tj/g)) {
      const hexes = run[1] !== undefined ? [...run[1].matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => x[1]) : [run[2]];
      let line = '';
      for (const h of hexes) for (const code of h.match(/.{4}/g) ?? []) line += map.get(code.toUpperCase()) ?? '';
      out.push(line);
    }
  }
  return out.join('\n');
}
