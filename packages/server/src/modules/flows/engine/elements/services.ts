import crypto from 'node:crypto';
import { publishToChannel } from '../../../messaging/index.js';
import { sendTemplateEmail } from '../../../email/index.js';
import { textOf } from '../expressions.js';
import { isRec, present, str, type Check, type ElementSpec } from './types.js';

const list = (v: unknown): string[] =>
  v === undefined || v === null || v === '' ? [] : (Array.isArray(v) ? v : [v]).map((x) => textOf(x));

const checkRecipients: Check = (c) =>
  list(c.to).length || list(c.cc).length || list(c.bcc).length || (typeof c.criteria === 'string' && c.criteria)
    ? undefined
    : "needs recipients: 'to', 'cc', 'bcc' or 'criteria'";

/**
 * Steps that reach other parts of the server, each as the app's server code: publishing on a
 * channel (at least once: a step repeated after a crash publishes again, as HTTP steps call
 * again), sending a custom email template (each recipient's outbox row has an id derived from
 * the step, so a repeat queues nothing twice) and calling an API service's method (at least once,
 * like HTTP).
 */
export const SERVICE_ELEMENTS: Record<string, ElementSpec> = {
  'action.publish': {
    ports: ['out', 'error'],
    checks: [str('channel'), present('message')],
    run: async ({ appId, config: c, stepKey }, kit) => {
      const headers = isRec(c.headers) ? c.headers : {};
      const answer = await publishToChannel(kit.ctx, appId, String(c.channel), {
        message: c.message,
        // The step's key lets subscribers recognise a message published again by a repeated step.
        headers: { ...headers, 'flow-step': stepKey },
        ...(typeof c.subtopic === 'string' && c.subtopic ? { subtopic: c.subtopic } : {}),
      });
      return { kind: 'done', output: answer, port: 'out' };
    },
  },
  'action.sendEmail': {
    ports: ['out', 'error'],
    checks: [str('template'), checkRecipients],
    run: async ({ appId, config: c, stepKey }, kit) => {
      const caller = await kit.caller(appId);
      const answer = await sendTemplateEmail(
        kit.ctx,
        appId,
        {
          'template-name': String(c.template),
          'template-values': isRec(c.values) ? c.values : {},
          addresses: list(c.to),
          'cc-addresses': list(c.cc),
          'bcc-addresses': list(c.bcc),
          ...(typeof c.criteria === 'string' && c.criteria ? { criteria: c.criteria } : {}),
        },
        async (where) => {
          const users = await kit.data.find(caller, 'Users', { where, pageSize: 100 }, false);
          return users.map((u) => u.email).filter((e): e is string => typeof e === 'string');
        },
        (recipient) =>
          crypto.createHash('sha256').update(`${stepKey}:${recipient.toLowerCase()}`).digest('hex').slice(0, 32),
      );
      return { kind: 'done', output: answer, port: 'out' };
    },
  },
  'action.callService': {
    ports: ['out', 'error'],
    checks: [str('service'), str('method')],
    run: async ({ appId, config: c }, kit) => {
      const value = await kit.callService(await kit.caller(appId), String(c.service), String(c.method), c.args ?? {});
      return { kind: 'done', output: value ?? null, port: 'out' };
    },
  },
};
