import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Routes, type FieldError } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import type { FormsService } from './forms.service.js';
import { renderFormPage, type FormPageState } from './forms.page.js';

/** The headers of a launched form: no script at all, styles by nonce, posts only to this origin. */
function secure(reply: FastifyReply, ctx: ServerContext, nonce: string): FastifyReply {
  const consoleOrigin = new URL(ctx.config.publicUrl).origin;
  const csp = [
    "default-src 'none'",
    "script-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${consoleOrigin}`,
  ].join('; ');
  return reply
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
}

/** Whether a submission is a browser's form post (answered with a page) rather than an API call (JSON). */
const isFormPost = (contentType: string | undefined) =>
  !!contentType && contentType.toLowerCase().startsWith('application/x-www-form-urlencoded');

/** The form editor (`formEditor` group) and the public launch and submit of a form. */
export function registerFormRoutes(app: FastifyInstance, ctx: ServerContext, forms: FormsService): void {
  const R = Routes.formEditor;
  handle(app, ctx, R.getForms, ({ params }) => forms.list(params.appId));
  handle(app, ctx, R.createForm, ({ params, body }) => forms.create(params.appId, body.formSource, body.appSettings));
  handle(app, ctx, R.updateForm, ({ params, body }) =>
    forms.update(params.appId, params.formId, body.formSource, body.appSettings),
  );
  handle(app, ctx, R.deleteForm, ({ params }) => forms.remove(params.appId, params.formId));

  handle(app, ctx, R.launchForm, async ({ params, reply }) => {
    const { form, table } = await forms.launched(params.appId, params.formId);
    const nonce = randomBytes(16).toString('base64');
    return secure(reply, ctx, nonce).send(renderFormPage(form, table, nonce));
  });

  handle(app, ctx, R.submitForm, async ({ params, body, req, reply }) => {
    if (!isFormPost(req.headers['content-type'])) {
      const { record } = await forms.submit(params.appId, params.formId, body, req.ip);
      return { ...(record ?? {}), objectId: typeof record?.objectId === 'string' ? record.objectId : '' };
    }
    // A browser's post: the page again, with the values typed and each error under its field.
    const { form, table } = await forms.launched(params.appId, params.formId);
    const nonce = randomBytes(16).toString('base64');
    let state: FormPageState;
    let status = 200;
    try {
      await forms.submit(params.appId, params.formId, body, req.ip);
      state = { done: true };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      const fields = (err.details?.fields ?? []) as FieldError[];
      state = {
        values: body,
        errors: fields,
        message: fields.length ? 'Please correct the fields marked below.' : err.message,
      };
      status = err.status;
    }
    return secure(reply, ctx, nonce)
      .code(status)
      .send(renderFormPage(form, table, nonce, state));
  });
}
