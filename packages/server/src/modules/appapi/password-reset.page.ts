/** HTML of the app users' password reset page: no script, no external resource, everything escaped. */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2328;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #d8dce1;border-radius:10px;padding:32px;width:100%;max-width:380px;box-shadow:0 2px 8px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 8px}p{line-height:1.5;margin:0 0 16px}label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:9px 10px;border:1px solid #c3c8cf;border-radius:6px;font-size:15px}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:6px;background:#2f6fde;color:#fff;font-size:15px;font-weight:600;cursor:pointer}
.error{background:#fdecec;color:#a4161a;border-radius:6px;padding:10px 12px}.ok{background:#e8f6ec;color:#1e6b34;border-radius:6px;padding:10px 12px}`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/** The form: the token travels in the POST body (never a cookie), so another site cannot submit it. */
export function resetForm(app: string, token: string, error?: string): string {
  return page(
    `Reset your ${app} password`,
    `<h1>Choose a new password</h1><p>For your ${esc(app)} account.</p>` +
      (error ? `<p class="error" role="alert">${esc(error)}</p>` : '') +
      `<form method="post" autocomplete="off"><input type="hidden" name="token" value="${esc(token)}">` +
      '<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required maxlength="1000">' +
      '<label for="confirm">Repeat the new password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="1000">' +
      '<button type="submit">Set new password</button></form>',
  );
}

export function resetDone(app: string): string {
  return page(
    'Password changed',
    `<h1>Password changed</h1><p class="ok" role="status">Your ${esc(app)} password has been changed. ` +
      'You were signed out everywhere; sign in again with the new password.</p>',
  );
}

/** The page behind an email confirmation link: done, or why not. */
export function confirmationPage(app: string | undefined, ok: boolean): string {
  return ok
    ? page(
        'Email confirmed',
        `<h1>Email confirmed</h1><p class="ok" role="status">Your ${esc(app ?? 'account')} email address is confirmed. You can sign in now.</p>`,
      )
    : page(
        'Confirmation link not valid',
        '<h1>Email not confirmed</h1><p class="error" role="alert">This confirmation link is not valid: ' +
          'it has expired, was already used, or a newer one was sent. Ask the app for a new one.</p>',
      );
}

export function resetFailed(message: string): string {
  return page('Reset link not valid', `<h1>Password not changed</h1><p class="error" role="alert">${esc(message)}</p>`);
}
