/**
 * ${{ values.description }}
 *
 * Start here: replace this example with what the library offers.
 */

/** Turns a title into a URL slug: lower case, words joined by '-'. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
