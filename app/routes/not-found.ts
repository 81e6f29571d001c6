import { data } from "react-router";

// Every address no other route matches (issue 38): its loader answers 404, so the root's loader
// still runs and the root's ErrorBoundary says "Page not found" with the salon's name, logo and
// footer as the owner keeps them (docs/product.md#business-facts). Without it React Router answers
// an unmatched address without any loader, and the page fell back to the first start's name.
export function loader(): never {
  throw data(null, { status: 404 });
}

/** Never shown: the loader always throws. Having a component makes this a page, not a resource. */
export default function NotFound() {
  return null;
}
