import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { sectionHolds } from "~/lib/techdocs/reader-nav";
import type { NavItem } from "~/lib/techdocs/site";

// The expandable navigation add-on: the site's nav as a tree, a section a
// <details> (open and close without JavaScript), the one holding the page
// open and the page marked current.

export function DocsNavigation({ nav, pagePath, readerBase }: { nav: NavItem[]; pagePath: string; readerBase: string }) {
  const t = useTranslation();
  return (
    <nav aria-label={t("techdocs.reader.docsNavigation")} className="docs-nav text-sm">
      <NavList items={nav} pagePath={pagePath} readerBase={readerBase} />
    </nav>
  );
}

function NavList({ items, pagePath, readerBase }: { items: NavItem[]; pagePath: string; readerBase: string }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item, index) => (
        <li key={`${item.title}-${index}`}>
          <NavEntry item={item} pagePath={pagePath} readerBase={readerBase} />
        </li>
      ))}
    </ul>
  );
}

function NavEntry({ item, pagePath, readerBase }: { item: NavItem; pagePath: string; readerBase: string }) {
  if (item.children?.length) {
    return (
      <details open={sectionHolds(item, pagePath) || undefined} className="docs-nav-section">
        <summary className="cursor-pointer rounded px-2 py-1 font-semibold">{item.title}</summary>
        <div className="ml-3 border-l border-slate-200 pl-2 dark:border-slate-700">
          {item.path !== undefined ? <PageLink item={item} pagePath={pagePath} readerBase={readerBase} /> : null}
          <NavList items={item.children} pagePath={pagePath} readerBase={readerBase} />
        </div>
      </details>
    );
  }
  if (item.path !== undefined) return <PageLink item={item} pagePath={pagePath} readerBase={readerBase} />;
  if (item.url) {
    return (
      <Link to={item.url} className="docs-link block rounded px-2 py-1">
        {item.title}
      </Link>
    );
  }
  return <span className="block px-2 py-1">{item.title}</span>;
}

function PageLink({ item, pagePath, readerBase }: { item: NavItem; pagePath: string; readerBase: string }) {
  const current = item.path === pagePath;
  return (
    <Link to={`${readerBase}/${item.path}`} aria-current={current ? "page" : undefined} className={`docs-link block rounded px-2 py-1 ${current ? "docs-nav-current font-semibold" : ""}`}>
      {item.title}
    </Link>
  );
}
