// Heading anchors as mkdocs makes them: Python-Markdown's toc.slugify (NFKD,
// ASCII only, word characters, spaces and hyphens kept, lower case, runs of
// spaces and hyphens to one hyphen) and unique_ids (a repeated id gets _1,
// _2, ...), so links written for a mkdocs site (`page.md#some-heading`) work.

export function mkdocsSlug(text: string): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/[^ -~\t\n\r]/g, "")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase();
  return ascii.replace(/[-\s]+/g, "-");
}

/** Hands out unique ids for one page, in mkdocs' way. */
export class SlugRegistry {
  private readonly used = new Set<string>();

  /** A unique id for a heading's text, or for an id the author chose (`asIs`). */
  unique(text: string, asIs = false): string {
    let id = asIs ? text : mkdocsSlug(text);
    if (!id || this.used.has(id)) {
      const base = id;
      let n = 1;
      while (this.used.has(`${base}_${n}`)) n++;
      id = `${base}_${n}`;
    }
    this.used.add(id);
    return id;
  }

  reserve(id: string): void {
    this.used.add(id);
  }
}
