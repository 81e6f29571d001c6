// on-headers 1.1 ships no types: the one function it exports, as the server uses it.
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  /** Calls `listener` once, just before `res` writes its headers. */
  export default function onHeaders(
    res: ServerResponse,
    listener: (this: ServerResponse) => void,
  ): void;
}
