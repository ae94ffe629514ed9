// Whether the screen is as narrow as the layout's phone breakpoint (styles.css, 720 px), for the
// few places that place controls differently there rather than only restyle them.
import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 720px)";

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

export const useNarrowScreen = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
