// Every rate limit's numbers, in one table (issue 37): each caller reads its limit here by name
// and counts it with hitRateLimit (rate-limit.server.ts) under its own key. What each protects is
// said where it is counted; why the limits exist, in docs/security.md.

/** Hits allowed per fixed window. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Online bookings per client address (/schedule/book, app/routes/schedule-book.server.ts). */
  booking: { limit: 20, windowMs: 10 * MINUTE },
  /** Holds of a chosen time per client address (/schedule/hold). */
  hold: { limit: 60, windowMs: 10 * MINUTE },
  /** Waitlist joins per client address (/schedule/waitlist). */
  waitlistJoin: { limit: 10, windowMs: 10 * MINUTE },
  /** A pending booking's emailed link by address: looked up, confirmed (/schedule/confirm). */
  bookingConfirmLookup: { limit: 60, windowMs: 10 * MINUTE },
  bookingConfirm: { limit: 20, windowMs: 10 * MINUTE },
  /** The manage link, per client address: looked up, then changed (/manage). */
  manageLookup: { limit: 60, windowMs: 10 * MINUTE },
  manageChange: { limit: 20, windowMs: 10 * MINUTE },
  /** A waitlist join's emailed link by address: looked up, confirmed (/waitlist/confirm). */
  waitlistConfirmLookup: { limit: 60, windowMs: 10 * MINUTE },
  waitlistConfirm: { limit: 20, windowMs: 10 * MINUTE },
  /** A waitlist offer's emailed link, per client address: looked up, then booked (/waitlist). */
  waitlistOfferLookup: { limit: 60, windowMs: 10 * MINUTE },
  waitlistOfferBook: { limit: 20, windowMs: 10 * MINUTE },
  /**
   * 'Secure Your Booking' (docs/payments.md#secure-your-booking): the desk's emails per visit,
   * so a customer is not flooded; the emailed link's page per client address: looked up, then
   * 'Continue to Card Payment' (each may ask Stripe for a Checkout Session).
   */
  secureBookingEmail: { limit: 3, windowMs: 60 * MINUTE },
  secureBookingLookup: { limit: 60, windowMs: 10 * MINUTE },
  secureBookingCheckout: { limit: 20, windowMs: 10 * MINUTE },
  /**
   * A fee's emailed payment link (docs/payments.md#fee-link), per client address: its page looked
   * up, then 'Continue to Card Payment' (each may ask Stripe for a Checkout Session).
   */
  feeLinkLookup: { limit: 60, windowMs: 10 * MINUTE },
  feeLinkCheckout: { limit: 20, windowMs: 10 * MINUTE },
  /**
   * Stripe's webhook deliveries per client address (/stripe/webhook): Stripe sends from a few
   * addresses, a burst of events after an outage included; a stranger's unsigned posts stop here.
   */
  stripeWebhook: { limit: 600, windowMs: MINUTE },
  /** Contact messages per client address (/contact/send). */
  contact: { limit: 30, windowMs: 10 * MINUTE },
  /** Photo uploads per client address: the gallery, page texts, a post's cover (docs/security.md#upload-limits). */
  upload: { limit: 60, windowMs: 10 * MINUTE },
  /** A blog post page's Previews, saves and deletes per staff account (docs/security.md#markdown). */
  blogWrites: { limit: 60, windowMs: 10 * MINUTE },
  /** 'Existing customers' lookups per staff member (/scheduleadmin/customers). */
  customerLookup: { limit: 120, windowMs: MINUTE },
  /** Failed sign-ins from one client address, any accounts (staff/sign-in-limits.server.ts). */
  signInAddress: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one account from one client address. */
  signInAccountFromAddress: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one account from anywhere: never refused, only slowed down (there). */
  signInAccount: { limit: 1_000_000, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;
