import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../tests/support/render";
import { Tooltip } from "~/components/ui/tooltip";
import { Breadcrumbs } from "./breadcrumbs";
import { MissingAnnotationEmptyState } from "./missing-annotation";
import { withParam } from "./more-menu";

// The entity page's parts as the server renders them (JavaScript off).

describe("entity page parts", () => {
  it("renders a tooltip as the title attribute until JavaScript takes over", async () => {
    const html = await renderPage(
      <Tooltip text="component:ledger | Component | service" delay={1500}>
        <a href="/x">Ledger</a>
      </Tooltip>,
    );
    expect(html).toContain('<a href="/x" title="component:ledger | Component | service">Ledger</a>');
    expect(html).not.toContain('role="tooltip"');
  });

  it("collapses breadcrumbs after three items behind a toggle that works without JavaScript", async () => {
    const items = ["a", "b", "c", "d", "e"].map((key) => ({ key, node: <span>{key.toUpperCase()}</span> }));
    const html = await renderPage(<Breadcrumbs items={items} label="Parents" />);
    expect(html).toMatch(/<span>A<\/span>.*<details.*<summary[^>]*>.*….*<\/summary>.*<span>B<\/span>.*<span>C<\/span>.*<\/details>.*<span>D<\/span>.*<span>E<\/span>/s);
    const three = await renderPage(<Breadcrumbs items={items.slice(0, 3)} label="Parents" />);
    expect(three).not.toContain("<details");
  });

  it("lists missing annotations with a YAML example and a 'Read more' link", async () => {
    const html = await renderPage(<MissingAnnotationEmptyState annotations={["backstage.io/techdocs-ref"]} kind="Component" />);
    expect(html).toContain("Missing Annotation");
    expect(html).toContain("The annotation backstage.io/techdocs-ref is missing. You need to add the annotation to your Component if you want to enable this tool.");
    expect(html).toContain("    backstage.io/techdocs-ref: value");
    expect(html).toMatch(/href="https:\/\/backstage.io\/docs\/features\/software-catalog\/well-known-annotations"[^>]*>Read more/);
    const two = await renderPage(<MissingAnnotationEmptyState annotations={["a.io/x", "a.io/y"]} kind="API" />);
    expect(two).toContain("The annotations a.io/x, a.io/y are missing.");
  });

  it("opens dialogs by adding one parameter to the page's URL, replacing another dialog's", () => {
    expect(withParam("/catalog/default/component/a", "", "inspect")).toBe("/catalog/default/component/a?inspect");
    expect(withParam("/catalog/default/component/a", "?inspect=yaml&x=1", "unregister")).toBe("/catalog/default/component/a?x=1&unregister");
  });
});
