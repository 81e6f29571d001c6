// The booking engine's settings (domain/booking/slots.ts): the step, notice, horizon and clean-up
// buffer, with their defaults and the check that makes a bad value an error instead of a rule
// quietly turned off.

export interface BookingSettings {
  /** Slots start every this many wall-clock minutes from the later of service start and opening. */
  slotStepMin: number;
  /** A slot must start at least this long after `now`. */
  minNoticeMin: number;
  /**
   * The earliest start (`now` plus the notice) rounded down to a whole number of these minutes of
   * the clock (0: not rounded). The front desk's 5: a time of the current 5 minutes is still
   * "now" (docs/product.md#walk-ins). UTC offsets are whole quarter hours, so a multiple of 5
   * minutes since the epoch is one on the salon's wall clock too.
   */
  noticeRoundMin: number;
  /** A slot must start less than this many days (of 24 hours) after `now`. */
  horizonDays: number;
  /** Clean-up time a technician needs after every appointment, existing or new. */
  bufferMin: number;
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = Object.freeze({
  slotStepMin: 15,
  minNoticeMin: 60,
  noticeRoundMin: 0,
  horizonDays: 180,
  bufferMin: 0,
});

/**
 * The front desk's bookings and moves: no online notice, times from the current 5 minutes on
 * (docs/product.md#walk-ins). Customers online keep the default notice.
 */
export const STAFF_BOOKING_SETTINGS: Partial<BookingSettings> = Object.freeze({
  minNoticeMin: 0,
  noticeRoundMin: 5,
});

/** A walk-in: the staff's rules, on a 5-minute grid, so it starts at her next free 5 minutes. */
export const WALK_IN_SETTINGS: Partial<BookingSettings> = Object.freeze({
  ...STAFF_BOOKING_SETTINGS,
  slotStepMin: 5,
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
  for (const key of ["minNoticeMin", "noticeRoundMin", "horizonDays", "bufferMin"] as const) {
    if (!(settings[key] >= 0) || !Number.isFinite(settings[key])) {
      throw new RangeError(`${key} must be a finite number, at least 0: ${settings[key]}`);
    }
  }
  return settings;
}
