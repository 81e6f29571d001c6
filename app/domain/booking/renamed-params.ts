// Query parameters renamed by issue 37's glossary (docs/architecture.md#words): a technician was
// a "worker", and links already emailed or bookmarked still say `?worker=Nina` (/schedule,
// /manage). They keep working: read as their new name when the new one is not given. The rename's
// codemod leaves this file alone, so the old names stay written here.

/** Old name -> new name. */
export const RENAMED_QUERY_PARAMS: Readonly<Record<string, string>> = {
  worker: "technician",
  worker2: "technician2",
  worker3: "technician3",
};

/** The old names, for a route handle's `query` (the page cache keys on them too). */
export const OLD_QUERY_PARAMS: readonly string[] = Object.keys(RENAMED_QUERY_PARAMS);

/** The old name a new parameter had, if it was renamed. */
export function oldParamOf(name: string): string | undefined {
  return Object.keys(RENAMED_QUERY_PARAMS).find((old) => RENAMED_QUERY_PARAMS[old] === name);
}

/** The parameters with each old name's values under its new name, unless the new one is given. */
export function withRenamedParams(params: URLSearchParams): URLSearchParams {
  const renamed = Object.keys(RENAMED_QUERY_PARAMS).filter((old) => params.has(old));
  if (renamed.length === 0) return params;
  const copy = new URLSearchParams(params);
  for (const old of renamed) {
    const name = RENAMED_QUERY_PARAMS[old] as string;
    if (copy.has(name)) continue;
    for (const value of copy.getAll(old)) copy.append(name, value);
  }
  return copy;
}
