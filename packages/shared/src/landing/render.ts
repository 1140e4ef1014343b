import type { LandingPageContent } from '../routes/landing-page.js';
import { landingTemplate } from './templates.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Why a link or image address cannot be used, or undefined when it can: http(s) URLs, `#anchors`,
 * `mailto:` for links, and paths relative to the page that stay inside the app's `web/` folder.
 */
export function landingUrlProblem(value: string, link: boolean): string | undefined {
  if (value === '' || value === '#' || (link && /^#[\w-]*$/.test(value))) return undefined;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return undefined;
  if (link && /^mailto:[^\s]+$/i.test(value)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//'))
    return 'is an http(s) URL or a path relative to the page';
  if (value.startsWith('/') || value.split(/[/\\]/).includes('..'))
    return 'stays inside the web folder (no leading / or ..)';
  if (/[\s"'<>\\]/.test(value)) return 'cannot contain spaces, quotes or angle brackets';
  return undefined;
}

/** Why a colour cannot be used, or undefined. */
export function landingColorProblem(value: string): string | undefined {
  return /^#[0-9a-fA-F]{6}$/.test(value) ? undefined : 'is a colour like #3b5bdb';
}

/** The field and the problem of the first field that cannot be published, or undefined. */
export function landingContentProblem(c: LandingPageContent): { field: string; problem: string } | undefined {
  if (!landingTemplate(c.template))
    return { field: 'template', problem: `'${c.template.slice(0, 50)}' is not a template` };
  if (!c.title.trim()) return { field: 'title', problem: 'is needed' };
  for (const field of ['primaryColor', 'backgroundColor'] as const) {
    const problem = landingColorProblem(c[field]);
    if (problem) return { field, problem };
  }
  for (const [field, link] of [
    ['buttonUrl', true],
    ['logo', false],
    ['image', false],
  ] as const) {
    const problem = landingUrlProblem(c[field], link);
    if (problem) return { field, problem };
  }
  return undefined;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${esc(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

function parts(c: LandingPageContent) {
  return {
    logo: c.logo ? `<img class="logo" src="${esc(c.logo)}" alt="">` : '',
    image: c.image ? `<img class="image" src="${esc(c.image)}" alt="">` : '',
    button: c.buttonText ? `<a class="button" href="${esc(c.buttonUrl || '#')}">${esc(c.buttonText)}</a>` : '',
    title: `<h1>${esc(c.title)}</h1>`,
    subtitle: c.subtitle ? `<p class="subtitle">${esc(c.subtitle)}</p>` : '',
    body: paragraphs(c.body),
  };
}

const LAYOUTS: Record<string, { css: string; html: (p: ReturnType<typeof parts>) => string }> = {
  classic: {
    css: `.band{background:var(--primary);color:#fff;text-align:center;padding:64px 24px}
.band .logo{max-height:64px;margin-bottom:16px}.band .subtitle{opacity:.9;font-size:1.2em}
.band .button{background:#fff;color:var(--primary)}
main{max-width:720px;margin:0 auto;padding:40px 24px;text-align:center}.image{max-width:100%;border-radius:8px}`,
    html: (p) => `<header class="band">${p.logo}${p.title}${p.subtitle}${p.button}</header>
<main>${p.body}${p.image}</main>`,
  },
  split: {
    css: `.split{display:flex;flex-wrap:wrap;align-items:center;gap:48px;max-width:1100px;margin:0 auto;padding:64px 24px;min-height:70vh}
.split>div{flex:1 1 320px}.logo{max-height:48px;margin-bottom:24px}h1{color:var(--primary);font-size:2.6em;margin:0 0 12px}
.subtitle{font-size:1.2em;color:#495057}.image{width:100%;border-radius:12px}.button{background:var(--primary);color:#fff}`,
    html: (p) => `<section class="split"><div>${p.logo}${p.title}${p.subtitle}${p.body}${p.button}</div>
<div>${p.image}</div></section>`,
  },
  minimal: {
    css: `main{max-width:600px;margin:0 auto;padding:96px 24px}.logo{max-height:40px}h1{font-size:2.2em}
.subtitle{color:#495057}.button{padding:0;color:var(--primary);text-decoration:underline}.image{max-width:100%}`,
    html: (p) => `<main>${p.logo}${p.title}${p.subtitle}${p.body}${p.button}${p.image}</main>`,
  },
};

/**
 * The page as one HTML document with no script: what publish writes to `web/index.html` and what
 * the console's preview shows. Every text is escaped; addresses are checked before (publish) or
 * shown as they are (preview, in a frame that runs nothing).
 */
export function renderLandingPage(c: LandingPageContent, opts: { baseHref?: string } = {}): string {
  const layout = LAYOUTS[c.template] ?? LAYOUTS.classic;
  const base = opts.baseHref ? `<base href="${esc(opts.baseHref)}">\n` : '';
  const color = (v: string, fallback: string) => (landingColorProblem(v) ? fallback : v);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${base}<title>${esc(c.title)}</title>
<style>
:root{--primary:${color(c.primaryColor, '#3b5bdb')}}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.6;color:#212529;background:${color(c.backgroundColor, '#ffffff')}}
h1{line-height:1.2}.button{display:inline-block;margin-top:16px;padding:12px 28px;border-radius:6px;font-weight:600;text-decoration:none}
${layout.css}
</style>
</head>
<body>
${layout.html(parts(c))}
</body>
</html>
`;
}
