import MarkdownIt from 'markdown-it';

/**
 * Comments and reviews are Markdown, rendered once on the server when written. Raw HTML is never
 * passed through (`html: false` escapes it as text), links are limited to http(s) and mailto (no
 * `javascript:` or `data:`), images are not rendered (a comment cannot make every reader's
 * browser fetch a third party's URL), and every link opens with `rel="nofollow noopener"`.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
md.disable(['image']);
md.validateLink = (url: string) => /^(https?:\/\/|mailto:)/i.test(url.trim());

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('rel', 'nofollow noopener noreferrer');
  tokens[idx].attrSet('target', '_blank');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string): string {
  return md.render(text);
}
