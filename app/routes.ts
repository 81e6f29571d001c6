import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * A public route in both languages (docs/product.md#languages): English at its path, Spanish at
 * /es plus the same path, the same module under its own id ("es/routes/services"), so its handle
 * (page-view name, cache, sitemap, limits) is the same and the module reads the language from
 * the address (app/domain/i18n/locale-path.ts).
 */
function bilingual(path: string, file: string) {
  const spanish = path === "/" ? "/es" : `/es${path}`;
  return [route(path, file), route(spanish, file, { id: `es/${file.replace(/\.tsx?$/, "")}` })];
}

// The spec's route table (docs/product.md#route-table), matched exactly, plus the
// files crawlers ask for. Unknown paths are 404 (routes/not-found.ts), shown by the root ErrorBoundary. What each page is
// (its view counter's name, cached, listed in the sitemap, hydrated) is in its module's `handle`
// (app/lib/route-handle.ts); the sitemap lists the listed pages in this order.
export default [
  ...bilingual("/", "routes/home.tsx"),
  ...bilingual("/about", "routes/about.tsx"),
  ...bilingual("/services", "routes/services.tsx"),
  ...bilingual("/gallery", "routes/gallery.tsx"),
  ...bilingual("/gallery-photo", "routes/gallery-photo.tsx"),
  ...bilingual("/blog", "routes/blog.tsx"),
  // Each blog's published posts as an Atom feed (app/routes/blog-feed.ts): the English posts at
  // /blog/feed.xml, the Spanish ones at /es/blog/feed.xml.
  ...bilingual("/blog/feed.xml", "routes/blog-feed.ts"),
  ...bilingual("/blogpost", "routes/blogpost.tsx"),
  ...bilingual("/reviews", "routes/reviews.tsx"),
  route("/login", "routes/login.tsx"),
  // Staff only: the layout's middleware refuses every request without a staff session.
  layout("routes/staff-layout.tsx", [
    route("/dashboard", "routes/dashboard.tsx"),
    route("/scheduleadmin", "routes/scheduleadmin.tsx"),
    // The free times of its 'Add Appointment' and 'Move' dialogs, as JSON.
    route("/scheduleadmin/times", "routes/scheduleadmin-times.ts"),
    // Its 'Add Appointment''s 'Existing customers', as JSON.
    route("/scheduleadmin/customers", "routes/scheduleadmin-customers.ts"),
    // The schedule's own pages besides the day (docs/product.md#staff-screens).
    route("/scheduleadmin/team", "routes/scheduleadmin-team.tsx"),
    route("/scheduleadmin/categories", "routes/scheduleadmin-categories.tsx"),
    route("/scheduleadmin/waitlist", "routes/scheduleadmin-waitlist.tsx"),
    route("/customers", "routes/customers.tsx"),
    route("/accounts", "routes/accounts.tsx"),
    // The owner's reports (docs/product.md#reports), and each of its tables as CSV.
    route("/reports", "routes/reports.tsx"),
    route("/reports/csv", "routes/reports-csv.ts"),
    // The owner's no-show protection and cancellation policy (docs/payments.md).
    route("/payments", "routes/payments.tsx"),
    // The owner's side of the website (docs/product.md#the-site, app/lib/site-pages.ts).
    route("/site", "routes/site-layout.tsx", [
      index("routes/site.tsx"),
      route("details", "routes/site-details.tsx"),
      route("hours", "routes/site-hours.tsx"),
      route("special-hours", "routes/site-special-hours.tsx"),
      route("blog", "routes/site-blog.tsx"),
      // One post's form: "new", or a post's id.
      route("blog/:id", "routes/site-blog-post.tsx"),
      route("gallery", "routes/site-gallery.tsx"),
      route("reviews", "routes/site-reviews.tsx"),
      route("texts", "routes/site-texts.tsx"),
    ]),
  ]),
  ...bilingual("/contact", "routes/contact.tsx"),
  // The contact island's POST, answered as JSON (app/routes/contact-send.ts).
  ...bilingual("/contact/send", "routes/contact-send.ts"),
  ...bilingual("/locations", "routes/locations.tsx"),
  ...bilingual("/schedule", "routes/schedule.tsx"),
  // The booking island's POST, answered as JSON (app/routes/schedule-book.ts).
  ...bilingual("/schedule/book", "routes/schedule-book.ts"),
  // 'Add to Calendar' of the visitor's own booking, by its cookie (docs/product.md#after-booking).
  ...bilingual("/schedule/calendar", "routes/schedule-calendar.ts"),
  // Choosing a time holds it for the visitor (app/routes/schedule-hold.ts).
  ...bilingual("/schedule/hold", "routes/schedule-hold.ts"),
  // The booking form's month: closed days, and the days with a free time for the search.
  ...bilingual("/schedule/days", "routes/schedule-days.ts"),
  // 'Join the Waitlist' when a day has no time (app/routes/schedule-waitlist.ts).
  ...bilingual("/schedule/waitlist", "routes/schedule-waitlist.ts"),
  // A pending online booking's emailed link: 'Confirm Booking' (docs/product.md#pending-bookings).
  ...bilingual("/schedule/confirm", "routes/schedule-confirm.tsx"),
  // Where Stripe's Checkout sends a protected booking back: it waits for the webhook
  // (docs/payments.md#booking).
  ...bilingual("/schedule/paid", "routes/schedule-paid.tsx"),
  // The link of the desk's 'Secure Your Booking' email, and where its Checkout returns
  // (docs/payments.md#secure-your-booking).
  ...bilingual("/schedule/secure", "routes/schedule-secure.tsx"),
  // The link emailed when a bank asks the customer to approve a fee herself, and where its
  // Checkout returns (docs/payments.md#fee-link).
  ...bilingual("/schedule/fee", "routes/schedule-fee.tsx"),
  // The booking island's list of free times, answered as JSON (app/routes/schedule-times.ts).
  ...bilingual("/schedule/times", "routes/schedule-times.ts"),
  // The customer's own booking, behind the link in the confirmation email.
  ...bilingual("/manage", "routes/manage.tsx"),
  // The link a waitlist email carries: books the freed time if it is still free.
  ...bilingual("/waitlist", "routes/waitlist.tsx"),
  // The link a waitlist join emails: 'Confirm My Place'.
  ...bilingual("/waitlist/confirm", "routes/waitlist-confirm.tsx"),
  // The cancellation policy and the privacy notice (linked from the footer, the booking dialog
  // and every email).
  ...bilingual("/policies", "routes/policies.tsx"),
  // Uploaded photos' files by their content-hashed names (app/routes/photos.ts).
  route("/photos/:name", "routes/photos.ts"),
  // Stripe's signed events (docs/payments.md#webhooks): POST only.
  route("/stripe/webhook", "routes/stripe-webhook.ts"),
  route("/robots.txt", "routes/robots.ts"),
  route("/sitemap.xml", "routes/sitemap.ts"),
  // Anything else: 404, with the root's data (app/routes/not-found.ts).
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
