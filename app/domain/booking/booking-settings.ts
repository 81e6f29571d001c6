// The booking engine's settings (domain/booking/slots.ts): the step, notice, horizon and clean-up
// buffer, with their defaults and the check that makes a bad value an error instead of a rule
// quietly turned off.

export interface BookingSettings {
  /** Slots start every this many wall-clock minutes from the later of service start and opening. */
  slotStepMin: number;
  /** A slot must start at least this long after `now`. */
  minNoticeMin: number;
  /** A slot must start less than this many days (of 24 hours) after `now`. */
  horizonDays: number;
  /** Clean-up time a technician needs after every appointment, existing or new. */
  bufferMin: number;
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = Object.freeze({
  slotStepMin: 15,
  minNoticeMin: 60,
  horizonDays: 180,
  bufferMin: 0,
});

export function resolveSettings(partial: Partial<BookingSettings> | undefined): BookingSettings {
  const settings = { ...DEFAULT_BOOKING_SETTINGS };
  for (const key of Object.keys(settings) as (keyof BookingSettings)[]) {
    const value = partial?.[key];
    if (value !== undefined) settings[key] = value;
  }
  // A zero or fractional step would loop forever or drift off the wall-clock grid; a negative
  // or NaN setting would quietly turn a rule off.
  if (!Number.isInteger(settings.slotStepMin) || settings.slotStepMin < 1) {
    throw new RangeError(`slotStepMin must be a positive whole number: ${settings.slotStepMin}`);
  }
  for (const key of ["minNoticeMin", "horizonDays", "bufferMin"] as const) {
    if (!(settings[key] >= 0) || !Number.isFinite(settings[key])) {
      throw new RangeError(`${key} must be a finite number, at least 0: ${settings[key]}`);
    }
  }
  return settings;
}
