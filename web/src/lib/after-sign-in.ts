// Where to go once signed in, when the page that sent the person to sign in must come back (the
// device approval page). ?next= carries it through a password sign-in; a provider round trip
// (single sign-on, Google, GitHub) always lands on `/`, so the path waits in this tab's storage.
// Only paths of this site: never an absolute URL.
const KEY = "coffer.after-sign-in";

const isLocalPath = (path: string) => path.startsWith("/") && !path.startsWith("//");

export function rememberReturn(path: string): void {
  if (isLocalPath(path)) sessionStorage.setItem(KEY, path);
}

/** The path to come back to; the page there forgets it once it has the person back. */
export function pendingReturn(): string | undefined {
  const path = sessionStorage.getItem(KEY);
  return path && isLocalPath(path) ? path : undefined;
}

export const forgetReturn = (): void => sessionStorage.removeItem(KEY);
