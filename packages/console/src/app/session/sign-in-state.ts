// Whether the last sign-out was the developer's own: then the sign-in page opens plain, without
// remembering the page they were on (that is only for sessions that expired under them).
let signedOutOnPurpose = false;

export function markSignedOut(onPurpose: boolean): void {
  signedOutOnPurpose = onPurpose;
}

export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

/** A `next` value is followed only when it is a path of this console. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return '/apps';
  return next;
}
