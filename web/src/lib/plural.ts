// A count and its noun in English ("1 secret", "3 secrets"), for the sentences the dashboard builds.

export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The same with the thousands grouped ("1,024 secrets"), for counts that run large. */
export const pluralGrouped = (n: number, noun: string): string =>
  `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
