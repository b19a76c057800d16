/** Reading a list page's state from its address (page, sortBy, search, filters); anything invalid is ignored. */

/** Whether `value` is the value of one of `options` (e.g. a sort option). */
export function isOption<Value extends string>(value: string | null, options: readonly { value: Value }[]): value is Value {
  return options.some((option) => option.value === value);
}

/** `value` when it is one of `allowed` (a category, region, cuisine…), else undefined. */
export function oneOf<Value extends string>(value: string | null, allowed: readonly Value[]): Value | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as Value) : undefined;
}

/** The `sortBy` parameter when it is one of `options`, else the default (Latest). */
export function sortFromParams<Value extends string>({ params, options, fallback }: { params: URLSearchParams; options: readonly { value: Value }[]; fallback: Value }): Value {
  const sortBy = params.get('sortBy');
  return isOption(sortBy, options) ? sortBy : fallback;
}

/** The trimmed `search` parameter; undefined when missing or blank. */
export function searchFromParams(params: URLSearchParams): string | undefined {
  return params.get('search')?.trim() || undefined;
}
