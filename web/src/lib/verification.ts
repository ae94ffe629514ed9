// Whether this tab already asked for an email verification code, so the code field is still there
// after a reload (the code itself is never stored: only that one was sent, and to which address).
const KEY = "coffer.verification-code-sent-to";

export function rememberCodeSent(email: string, storage: Pick<Storage, "setItem"> = sessionStorage): void {
  try {
    storage.setItem(KEY, email);
  } catch {
    // Storage refused (private mode, quota): the field simply does not survive a reload.
  }
}

export function codeWasSentTo(email: string, storage: Pick<Storage, "getItem"> = sessionStorage): boolean {
  try {
    return storage.getItem(KEY) === email;
  } catch {
    return false;
  }
}
