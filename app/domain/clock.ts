/**
 * Time comes from a Clock so that timeouts (idle logout, the 30-minute request limit,
 * token expiry) are enforced from stored timestamps and tested by moving the clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move by hand. */
export class FakeClock implements Clock {
  #now: number;
  constructor(start: Date | string = "2026-11-21T10:00:00Z") {
    this.#now = new Date(start).getTime();
  }
  now() {
    return new Date(this.#now);
  }
  set(when: Date | string) {
    this.#now = new Date(when).getTime();
  }
  advance(ms: number) {
    this.#now += ms;
  }
}
