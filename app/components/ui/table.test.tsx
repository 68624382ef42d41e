import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { Table, type KitTableColumn } from "./table";
import { clearedHref, matchingRows, pageHref, pageOf, readTableState } from "./table-state";

type Row = { name: string; owner: string };
const COLUMNS: KitTableColumn<Row>[] = [
  { id: "name", title: "Name", value: (row) => row.name },
  { id: "owner", title: "Owner", value: (row) => row.owner },
];
const ROWS: Row[] = Array.from({ length: 7 }, (_, index) => ({ name: `service-${index + 1}`, owner: index % 2 ? "team-b" : "team-a" }));
const names = (html: string) => [...html.matchAll(/<td[^>]*>(service-\d+)<\/td>/g)].map((match) => match[1]);

describe("table state", () => {
  it("reads filters, search and page from the URL under the table's prefix", () => {
    const params = new URLSearchParams("t.q=ser&t.page=2&t.f.owner=team-a&t.f.other=x&other=1");
    expect(readTableState(params, "t.", ["owner"])).toEqual({ search: "ser", page: 2, filters: { owner: "team-a" } });
    expect(readTableState(new URLSearchParams("t.page=-3"), "t.", []).page).toBe(1);
  });

  it("filters, searches and pages", () => {
    const state = { search: "SERVICE-1", page: 1, filters: {} };
    expect(matchingRows(ROWS, COLUMNS, state).map((row) => row.name)).toEqual(["service-1"]);
    expect(matchingRows(ROWS, COLUMNS, { search: "", page: 1, filters: { owner: "team-b" } })).toHaveLength(3);
    expect(pageOf(ROWS, 9, 5)).toMatchObject({ page: 2, pages: 2, from: 5 });
    expect(pageHref("/x", new URLSearchParams("a=1&t.page=2"), "t.", 1)).toBe("/x?a=1");
    expect(clearedHref("/x", new URLSearchParams("a=1&t.q=s&t.f.owner=b"), "t.")).toBe("/x?a=1");
  });
});

describe("Table", () => {
  it("renders the filter sidebar with Backstage's wording, 315px wide", async () => {
    const html = await renderPage(<Table id="t" title="Services" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.name} filters={["owner"]} searchable pageSize={5} />, { url: "/page?keep=1" });
    expect(html).toContain(">Filters</h2>");
    expect(html).toMatch(/<a [^>]*href="\/page\?keep=1"[^>]*>Clear all<\/a>/);
    expect(html).toContain('<option value="" selected="">All results</option>');
    expect(html).toContain('placeholder="Filter"');
    expect(html).toContain("md:w-[315px]");
    expect(html).toContain('<input type="hidden" name="keep" value="1"/>');
    expect(names(html)).toEqual(["service-1", "service-2", "service-3", "service-4", "service-5"]);
    expect(html).toContain("1-5 of 7");
    expect(html).toMatch(/<a [^>]*aria-label="Next Page" title="Next Page"[^>]*href="\/page\?keep=1&amp;t.page=2"|<a [^>]*href="\/page\?keep=1&amp;t.page=2"[^>]*aria-label="Next Page"/);
  });

  it("applies the URL's filter and page", async () => {
    const html = await renderPage(<Table id="t" title="Services" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.name} filters={["owner"]} pageSize={2} />, {
      url: "/page?t.f.owner=team-a&t.page=2",
    });
    expect(names(html)).toEqual(["service-5", "service-7"]);
    expect(html).toContain('<option value="team-a" selected="">team-a</option>');
  });

  it("says 'No records to display' and has no sidebar without filters", async () => {
    const html = await renderPage(<Table id="t" title="Nothing" columns={COLUMNS} rows={[]} rowKey={(row) => row.name} />);
    expect(html).toContain("No records to display");
    expect(html).not.toContain(">Filters</h2>");
    expect(html).not.toContain('placeholder="Filter"');
  });
});
