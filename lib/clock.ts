// The app's notion of "now" for time-dependent rules (billing cycles, usage days). Injectable so tests can
// cross a month boundary without waiting for one; production always reads the system clock.
let override: (() => Date) | null = null;

export function now(): Date {
  return override ? override() : new Date();
}

/**
 * Tests: pin the clock to a fixed instant (a Date), follow a function, or restore the system clock (null).
 * A pinned clock does not advance.
 */
export function setClockForTests(value: Date | (() => Date) | null): void {
  if (value === null) override = null;
  else if (value instanceof Date) {
    const fixed = new Date(value.getTime());
    override = () => new Date(fixed.getTime());
  } else override = value;
}
