import type { FieldError, Form } from '@basalt/shared';
import type { TableMeta } from '../data/index.js';
import { attr, escapeHtml } from '../ui-builder/render/html.js';
import { HONEYPOT, inputTypeOf } from './forms.service.js';

/** What a launched form page shows: the values typed so far, errors per field, a form-level message. */
export interface FormPageState {
  values?: Record<string, unknown>;
  errors?: FieldError[];
  message?: string;
  done?: boolean;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f7f9;margin:0;padding:32px 16px;color:#1f2328}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #d8dde3;border-radius:8px;padding:24px}
h1{font-size:1.4rem;margin:0 0 16px}label{display:block;font-weight:600;margin:14px 0 4px}
input[type=text],input[type=number],input[type=datetime-local],textarea{width:100%;box-sizing:border-box;padding:8px;border:1px solid #b9c1ca;border-radius:4px;font:inherit}
textarea{min-height:90px}.err{color:#c92a2a;font-size:.9rem;margin-top:4px}.invalid{border-color:#c92a2a!important}
.note{padding:10px 12px;border-radius:4px;margin-bottom:12px}.bad{background:#fff5f5;color:#c92a2a}.ok{background:#ebfbee;color:#2b8a3e}
button{margin-top:20px;background:#1c7ed6;color:#fff;border:0;border-radius:4px;padding:10px 18px;font:inherit;cursor:pointer}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.req{color:#c92a2a}`;

/** A value as an input shows it again after a refused post. */
function shown(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/**
 * The launched form as a page with no script at all (decision 0087): a plain HTML form that posts
 * to `submit`, so it works without JavaScript and a strict CSP forbids every script. Every label,
 * placeholder, value and message is escaped.
 */
export function renderFormPage(form: Form, table: TableMeta, nonce: string, state: FormPageState = {}): string {
  const errors = new Map((state.errors ?? []).map((e) => [e.field, e.message]));
  const body: string[] = [];
  body.push(`<h1>${escapeHtml(form.name)}</h1>`);
  if (state.done) {
    body.push(`<p class="note ok" role="status">${escapeHtml(form.successMessage)}</p>`);
    body.push(`<p><a href="view">Fill in the form again</a></p>`);
  } else {
    if (state.message) body.push(`<p class="note bad" role="alert">${escapeHtml(state.message)}</p>`);
    body.push('<form method="post" action="submit" novalidate>');
    form.fields.forEach((f, i) => {
      const column = table.columns.find((c) => c.name === f.name);
      if (!column) return;
      const id = `f${i}`;
      const type = inputTypeOf(column);
      const error = errors.get(f.name);
      const value = state.values?.[f.name];
      const required = f.required || (column.required && column.defaultValue === null);
      const common =
        attr('id', id) +
        attr('name', f.name) +
        attr('class', error ? 'invalid' : undefined) +
        attr('aria-invalid', error ? 'true' : undefined) +
        attr('aria-describedby', error ? `${id}-err` : undefined);
      const label = `${escapeHtml(f.label || f.name)}${required ? ' <span class="req">*</span>' : ''}`;
      if (type === 'checkbox') {
        const on = value === true || value === 'on' || value === 'true';
        body.push(
          `<label><input type="checkbox"${common}${attr('value', 'true')}${attr('checked', on)}> ${label}</label>`,
        );
      } else {
        body.push(`<label for="${id}">${label}</label>`);
        if (type === 'textarea')
          body.push(`<textarea${common}${attr('placeholder', f.placeholder)}>${escapeHtml(shown(value))}</textarea>`);
        else
          body.push(
            `<input type="${type}"${common}${attr('placeholder', f.placeholder)}${attr('value', shown(value))}${type === 'number' ? attr('step', 'any') : ''}>`,
          );
      }
      if (error) body.push(`<div class="err" id="${id}-err">${escapeHtml(error)}</div>`);
    });
    body.push(
      `<div class="hp" aria-hidden="true"><label>Leave empty<input type="text" name="${HONEYPOT}" tabindex="-1" autocomplete="off"></label></div>`,
    );
    body.push(`<button type="submit">${escapeHtml(form.submitLabel)}</button></form>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(form.name)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body.join('')}</main></body></html>`;
}
