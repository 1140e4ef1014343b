/** An amount in the currency's smallest unit (cents) as money: "EUR 25.00" → "€25.00" where the browser knows it. */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** "1 Nov 2026 – 30 Nov 2026": an invoice's billing period (end exclusive, so the day before it). */
export function periodText(start: number, end: number): string {
  const f = (ms: number) =>
    new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${f(start)} – ${f(end - 1)}`;
}

export function dateTime(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export const INVOICE_STATUS_COLOR = { open: 'blue', paid: 'teal', void: 'gray' } as const;
