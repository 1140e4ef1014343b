import { ApiError } from '../../http/api-error.js';

/** A document kept in a knowledge base: its text, split into passages. Originals are not kept. */
export interface Extracted {
  contentType: string;
  passages: string[];
}

/** Largest document taken (after decoding); bigger ones are refused naming the limit. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Passages are about this long, cut at a paragraph or sentence end where one is near. */
const PASSAGE_CHARS = 1_000;
const OVERLAP_CHARS = 150;

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
};

/**
 * The text of an uploaded document, by its name's extension: plain text, Markdown, CSV and XML as
 * they are, JSON pretty-printed (keys become words retrieval can match), HTML without its tags,
 * scripts and styles. Binary formats (PDF, Office) are refused by name rather than stored as noise.
 */
export function extractText(name: string, bytes: Buffer): Extracted {
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : 'txt';
  const contentType = TEXT_TYPES[ext];
  if (!contentType)
    throw ApiError.field(
      'VALIDATION',
      'files',
      `'${name.slice(0, 100)}' is not a document a knowledge base reads: use .txt, .md, .csv, .json, .html or .xml`,
    );
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw ApiError.tooLarge(`'${name.slice(0, 100)}' is over the 5 MB a knowledge-base document may have`);
  if (bytes.includes(0))
    throw ApiError.field('VALIDATION', 'files', `'${name.slice(0, 100)}' holds binary data, not text`);
  let text = bytes.toString('utf8');
  if (ext === 'json') {
    try {
      text = JSON.stringify(JSON.parse(text), null, 1);
    } catch {
      throw ApiError.field('VALIDATION', 'files', `'${name.slice(0, 100)}' is not valid JSON`);
    }
  }
  if (contentType === 'text/html') text = htmlText(text);
  const passages = split(text);
  if (!passages.length) throw ApiError.field('VALIDATION', 'files', `'${name.slice(0, 100)}' holds no text`);
  return { contentType, passages };
}

function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Splits text into overlapping passages of about PASSAGE_CHARS, preferring paragraph, then sentence ends. */
export function split(text: string): string[] {
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const out: string[] = [];
  let at = 0;
  while (at < clean.length) {
    let end = Math.min(clean.length, at + PASSAGE_CHARS);
    if (end < clean.length) {
      const window = clean.slice(at, end);
      const para = window.lastIndexOf('\n\n');
      const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('.\n'), window.lastIndexOf('? '));
      const cut = para > PASSAGE_CHARS / 2 ? para : sentence > PASSAGE_CHARS / 2 ? sentence + 1 : -1;
      if (cut > 0) end = at + cut;
    }
    const passage = clean.slice(at, end).trim();
    if (passage) out.push(passage);
    if (end >= clean.length) break;
    at = Math.max(end - OVERLAP_CHARS, at + 1);
  }
  return out;
}

/**
 * Lower-cased words of two or more letters or digits, in any script, with a plain English plural
 * `s` taken off (refunds → refund, days → day, but not class or bus) so a question's singular finds
 * a document's plural.
 */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).map((w) =>
    w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') ? w.slice(0, -1) : w,
  );
}

export interface Scored<T> {
  item: T;
  score: number;
}

/**
 * Okapi BM25 over the given passages: the passages sharing the query's rarer words rank first.
 * Runs in memory over one app's knowledge bases (their size is capped), so it behaves the same on
 * SQLite and PostgreSQL; a full-text index or embeddings can replace it behind this function.
 */
export function rank<T>(query: string, items: T[], textOf: (item: T) => string, limit: number): Scored<T>[] {
  const terms = [...new Set(words(query))];
  if (!terms.length || !items.length) return [];
  const docs = items.map((item) => {
    const tf = new Map<string, number>();
    const ws = words(textOf(item));
    for (const w of ws) tf.set(w, (tf.get(w) ?? 0) + 1);
    return { item, tf, length: ws.length };
  });
  const avg = docs.reduce((n, d) => n + d.length, 0) / docs.length || 1;
  const k1 = 1.2;
  const b = 0.75;
  const idf = new Map(
    terms.map((t) => {
      const n = docs.filter((d) => d.tf.has(t)).length;
      return [t, Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))];
    }),
  );
  return docs
    .map((d) => {
      let score = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        score += idf.get(t)! * ((f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / avg)));
      }
      return { item: d.item, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b2) => b2.score - a.score)
    .slice(0, limit);
}
