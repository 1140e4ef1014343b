// The code step needs the password step's session id and login. They stay in memory only: the
// login is never written to the URL, and a reload simply starts the sign-in again.
export interface PendingLogin {
  login: string;
  sessionId: string;
  next: string;
}

let pending: PendingLogin | null = null;

export function setPendingLogin(value: PendingLogin | null): void {
  pending = value;
}

export function getPendingLogin(): PendingLogin | null {
  return pending;
}
