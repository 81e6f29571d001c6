// What the staff's Gallery page (app/routes/site-gallery.tsx) and its action
// (site-gallery-action.server.ts) hand each other, in one place the browser code may import.
import type { PhotoView } from "~/lib/photo-view";

/** What the action answers: which form (and photo) it was, for the message beside it. */
export type GalleryActionResult = {
  intent: string;
  id?: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
};

/** One photo as the page lists it. */
export interface GalleryListItem {
  id: string;
  photo: PhotoView;
  alt: string;
  caption: string;
  hidden: boolean;
  shown: boolean;
}
