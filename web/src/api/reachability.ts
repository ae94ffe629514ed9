// Whether the server answers at all. Every request of the dashboard goes through `watchedFetch`: a
// request that gets no answer (the server is down, the network is gone) marks it unreachable, any
// answer marks it back. The banner (components/Unreachable.tsx) says so and polls until it answers.
type Listener = () => void;

let reachable = true;
const listeners = new Set<Listener>();

function set(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener();
}

export const isReachable = (): boolean => reachable;

export function onReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function watchedFetch(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    set(true);
    return response;
  } catch (error) {
    // An abort is the page's own doing (a query cancelled), not the server's absence.
    if (!(error instanceof DOMException && error.name === "AbortError")) set(false);
    throw error;
  }
}

/** Asks the server's liveness route once; true when it answered. */
export async function probe(): Promise<boolean> {
  try {
    await watchedFetch(new Request(new URL("/healthz", window.location.origin)));
    return true;
  } catch {
    return false;
  }
}
