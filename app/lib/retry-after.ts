/** A 429's Retry-After header: the wait in whole seconds, rounded up. */
export function retryAfter(waitMs: number): string {
  return String(Math.ceil(waitMs / 1000));
}
