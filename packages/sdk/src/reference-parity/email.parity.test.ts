import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const settings = {
  host: 'smtp.example.com',
  port: 587,
  username: 'mailer',
  password: 'secret',
  security: 'STARTTLS' as const,
  fromEmail: 'no-reply@example.com',
  fromName: 'Example',
};
const answered = { ...settings, password: '********', custom: true };
const event = { eventId: 'PASSWORD_RESTORE', subject: 'Reset {app_name}', body: 'Open {reset_url}' };
const template = { name: 'welcome', subject: 'Hi {name}', body: '<p>Hello {name}</p>' };
const stored = { ...template, attachments: [], keys: ['name'], created: 1, updated: 1 };

describeParity('email', [
  ['loadEmailTemplates', (api) => api.email.loadEmailTemplates(A), [ok([{ eventId: 'PASSWORD_RESTORE' }])]],
  ['loadTemplates', (api) => api.email.loadTemplates(A), [ok([])]],
  ['loadTemplates refused', (api) => api.email.loadTemplates(A), [fail()]],
  ['saveEmailTemplate', (api) => api.email.saveEmailTemplate(A, event), [ok(event)]],
  ['saveTemplate', (api) => api.email.saveTemplate(A, event), [ok(event)]],
  ['saveTemplate refused', (api) => api.email.saveTemplate(A, event), [fail('Unknown variable {x}')]],
  [
    'sendTestEmail',
    (api) => api.email.sendTestEmail(A, { eventId: 'PASSWORD_RESTORE', email: 'ada@example.com' }),
    [ok({ success: true })],
  ],
  ['updateEmailParams', (api) => api.email.updateEmailParams(A, settings), [ok(answered)]],
  ['resetEmailParams', (api) => api.email.resetEmailParams(A), [ok({ ...answered, custom: false })]],
  ['getEmailParams', (api) => api.email.getEmailParams(A), [ok(answered)]],
  ['testSMTPConnection', (api) => api.email.testSMTPConnection(A, settings), [ok({ success: true })]],
  [
    'testSMTPConnection refused',
    (api) => api.email.testSMTPConnection(A, settings),
    [fail('No SMTP server answers at smtp.example.com port 587')],
  ],
  ['loadCustomTemplates', (api) => api.email.loadCustomTemplates(A), [ok([stored])]],
  ['createCustomTemplate', (api) => api.email.createCustomTemplate(A, template), [ok(stored)]],
  [
    'updateCustomTemplate',
    (api) => api.email.updateCustomTemplate(A, { ...template, attachments: ['docs/a.pdf'] }, 'welcome'),
    [ok(stored)],
  ],
  [
    'updateCustomTemplate with a space in the name',
    (api) => api.email.updateCustomTemplate(A, template, 'my template'),
    [ok(stored)],
  ],
  ['deleteCustomTemplate', (api) => api.email.deleteCustomTemplate(A, 'welcome'), [ok({ success: true })]],
  ['deleteCustomTemplate refused', (api) => api.email.deleteCustomTemplate(A, 'missing'), [fail('Not found', 404)]],
  [
    'sendTestCustomEmail',
    (api) =>
      api.email.sendTestCustomEmail(A, {
        'template-name': 'welcome',
        'template-values': { name: 'Ada' },
        attachment: ['docs/a.pdf'],
        email: 'ada@example.com',
      }),
    [ok({ success: true })],
  ],
  ['parseCustomTemplateKeys', (api) => api.email.parseCustomTemplateKeys(A, template), [ok(['name'])]],
  [
    'installEmailTemplateFromMarketplace',
    (api) => api.email.installEmailTemplateFromMarketplace(A, 'product-1', { a: 1 }),
    [fail('Not available yet', 501)],
  ],
  ['resetSystemEmailTemplate', (api) => api.email.resetSystemEmailTemplate(A, 'PASSWORD_RESTORE'), [ok(event)]],
]);
