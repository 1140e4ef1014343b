import { describe, expect, it } from 'vitest';
import { errorInfo, fieldError, formError } from './errors';
import { passwordStrength } from '../components/password-strength';
import { validateAppName } from '../features/apps/app-name';
import { validateEmail, validateNewPassword } from '../features/auth/auth.validation';
import { safeNext } from '../app/session/sign-in-state';

describe('form rules of the console', () => {
  it('accepts app names the server accepts and explains the others', () => {
    expect(validateAppName('Orders Service')).toBeNull();
    expect(validateAppName('shop_v2.1-beta')).toBeNull();
    expect(validateAppName('  ')).toBe('Give the app a name');
    expect(validateAppName('-shop')).toMatch(/start with a letter or digit/);
    expect(validateAppName('a'.repeat(65))).toBe('Use at most 64 characters');
  });

  it('checks emails and new passwords with the server limits', () => {
    expect(validateEmail('ada@example.com')).toBeNull();
    expect(validateEmail('ada')).toMatch(/name@example.com/);
    expect(validateNewPassword('short')).toBe('Use at least 8 characters');
    expect(validateNewPassword('long enough')).toBeNull();
  });

  it('rates passwords by length and variety', () => {
    expect(passwordStrength('abc').label).toBe('Too short');
    expect(passwordStrength('aaaaaaaa').label).toBe('Weak');
    expect(passwordStrength('granite-Columns-42').label).toBe('Strong');
  });

  it('follows only next paths inside the console', () => {
    expect(safeNext('/apps/X/data')).toBe('/apps/X/data');
    expect(safeNext('//evil.example')).toBe('/apps');
    expect(safeNext('https://evil.example')).toBe('/apps');
    expect(safeNext('/login?next=/apps')).toBe('/apps');
    expect(safeNext(null)).toBe('/apps');
  });
});

describe('server errors in the console', () => {
  const conflict = Object.assign(new Error("You already have an application named 'Shop'"), {
    code: 'CONFLICT',
    status: 409,
    body: {
      code: 'CONFLICT',
      message: "You already have an application named 'Shop'",
      details: {
        fields: [{ field: 'appName', code: 'CONFLICT', message: "You already have an application named 'Shop'" }],
      },
    },
  });

  it('reads message, code, status and the blamed field', () => {
    expect(errorInfo(conflict)).toEqual({
      message: "You already have an application named 'Shop'",
      code: 'CONFLICT',
      status: 409,
      field: 'appName',
      fields: [{ field: 'appName', code: 'CONFLICT', message: "You already have an application named 'Shop'" }],
    });
  });

  it('puts a field error under its field and nowhere else', () => {
    expect(fieldError(conflict, 'appName')).toMatch(/already have/);
    expect(fieldError(conflict, 'email')).toBeUndefined();
    expect(formError(conflict, ['appName'])).toBeUndefined();
    expect(formError(conflict, ['email'])).toMatch(/already have/);
  });

  it('copes with things that are not errors', () => {
    expect(errorInfo('boom').message).toBe('boom');
    expect(errorInfo(undefined).message).toBe('Something went wrong');
  });
});
