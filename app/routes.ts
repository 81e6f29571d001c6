import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The spec's route table (docs/product.md#route-table), matched exactly, plus the
// files crawlers ask for. Unknown paths are 404 (routes/not-found.ts), shown by the root ErrorBoundary. What each page is
// (its view counter's name, cached, listed in the sitemap, hydrated) is in its module's `handle`
// (app/lib/route-handle.ts); the sitemap lists the listed pages in this order.
export default [
  route("/", "routes/home.tsx"),
  route("/about", "routes/about.tsx"),
  route("/services", "routes/services.tsx"),
  route("/gallery", "routes/gallery.tsx"),
  route("/gallery-photo", "routes/gallery-photo.tsx"),
  route("/blog", "routes/blog.tsx"),
  // The published posts as an Atom feed (app/routes/blog-feed.ts).
  route("/blog/feed.xml", "routes/blog-feed.ts"),
  route("/blogpost", "routes/blogpost.tsx"),
  route("/reviews", "routes/reviews.tsx"),
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
  route("/contact", "routes/contact.tsx"),
  // The contact island's POST, answered as JSON (app/routes/contact-send.ts).
  route("/contact/send", "routes/contact-send.ts"),
  route("/locations", "routes/locations.tsx"),
  route("/schedule", "routes/schedule.tsx"),
  // The booking island's POST, answered as JSON (app/routes/schedule-book.ts).
  route("/schedule/book", "routes/schedule-book.ts"),
  // 'Add to Calendar' of the visitor's own booking, by its cookie (docs/product.md#after-booking).
  route("/schedule/calendar", "routes/schedule-calendar.ts"),
  // Choosing a time holds it for the visitor (app/routes/schedule-hold.ts).
  route("/schedule/hold", "routes/schedule-hold.ts"),
  // The booking form's month: closed days, and the days with a free time for the search.
  route("/schedule/days", "routes/schedule-days.ts"),
  // 'Join the Waitlist' when a day has no time (app/routes/schedule-waitlist.ts).
  route("/schedule/waitlist", "routes/schedule-waitlist.ts"),
  // A pending online booking's emailed link: 'Confirm Booking' (docs/product.md#pending-bookings).
  route("/schedule/confirm", "routes/schedule-confirm.tsx"),
  // The booking island's list of free times, answered as JSON (app/routes/schedule-times.ts).
  route("/schedule/times", "routes/schedule-times.ts"),
  // The customer's own booking, behind the link in the confirmation email.
  route("/manage", "routes/manage.tsx"),
  // The link a waitlist email carries: books the freed time if it is still free.
  route("/waitlist", "routes/waitlist.tsx"),
  // The link a waitlist join emails: 'Confirm My Place'.
  route("/waitlist/confirm", "routes/waitlist-confirm.tsx"),
  // The cancellation policy and the privacy notice (linked from the footer, the booking dialog
  // and every email).
  route("/policies", "routes/policies.tsx"),
  // Uploaded photos' files by their content-hashed names (app/routes/photos.ts).
  route("/photos/:name", "routes/photos.ts"),
  route("/robots.txt", "routes/robots.ts"),
  route("/sitemap.xml", "routes/sitemap.ts"),
  // Anything else: 404, with the root's data (app/routes/not-found.ts).
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
