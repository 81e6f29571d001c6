import type { UploadRefusal } from "~/services/site/photo-upload.server";

// The HTTP status of an upload form the reader refused (app/services/site/photo-upload.server.ts,
// docs/security.md#uploads): the service says why, the route answers (issue 37). Too large is
// 413, as the request guard answers a body declared too large (server/request-guard.ts).
export const UPLOAD_REFUSAL_STATUS: Record<UploadRefusal, 400 | 413> = {
  unreadable: 400,
  "too-many-files": 400,
  "too-large": 413,
};
