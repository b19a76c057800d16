/**
 * Runs a page query and its `count()` query together: the page's rows and the number of all matches
 * (for `{data, page, limit, totalPages, totalResults}` lists).
 */
export async function paged<Row>(rows: PromiseLike<Row[]>, total: PromiseLike<{ total: number }[]>): Promise<{ rows: Row[]; total: number }> {
  const [pageRows, [totalRow]] = await Promise.all([rows, total]);
  return { rows: pageRows, total: totalRow?.total ?? 0 };
}
