/** The time source; tests move it to expire codes, tokens and rate-limit windows. */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };
