// Light or dark: the system's choice (prefers-color-scheme) unless the person picked one with the
// header's toggle. The choice is a display preference, the only thing the dashboard stores.
export type Theme = "light" | "dark";
const KEY = "coffer.theme";

export function storedTheme(): Theme | null {
  const value = localStorage.getItem(KEY);
  return value === "light" || value === "dark" ? value : null;
}

export function currentTheme(): Theme {
  return storedTheme() ?? (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
}

export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  applyStoredTheme();
}
