import { STORAGE_KEYS } from '@/lib/constants';

/** The last e-mail used to sign in (local storage 'email'), to prefill the form. */
export function readRememberedEmail(): string {
  try {
    return typeof window === 'undefined'
      ? ''
      : (window.localStorage.getItem(STORAGE_KEYS.email) ?? '');
  } catch {
    return '';
  }
}

export function rememberEmail(email: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.email, email);
  } catch {
    // Not remembering the e-mail is harmless.
  }
}
