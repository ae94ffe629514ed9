// Time comes from an injected clock so expiry rules are testable without sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
