/** The fields of a query string: an array goes as repeated keys (SPEC section 7); empty values are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** `?a=1&b=2` of the fields (encoded), or '' when none is left. */
export function toQuery(params: QueryParams | URLSearchParams | undefined): string {
  const query = new URLSearchParams();
  const fields = params instanceof URLSearchParams ? params.entries() : Object.entries(params ?? {});
  for (const [key, value] of fields) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
