import type { KitTableColumn } from "../table";
import type { SelectOption } from "../select";

// Illustrations for the gallery only: enough rows to page and filter, and a
// list long enough to be virtualised.

type SampleRow = { name: string; owner: string; lifecycle: string };

const NAMES = ["billing", "checkout", "search", "ledger", "notifications", "inventory", "pricing", "identity", "reports", "shipping", "reviews", "media"];
const OWNERS = ["team-a", "team-b", "team-c"];
const LIFECYCLES = ["production", "experimental", "deprecated"];

export const GALLERY_ROWS: SampleRow[] = NAMES.map((name, index) => ({ name: `${name}-service`, owner: OWNERS[index % 3]!, lifecycle: LIFECYCLES[Math.floor(index / 4) % 3]! }));

export const GALLERY_COLUMNS: KitTableColumn<SampleRow>[] = [
  { id: "name", title: "Name", value: (row) => row.name },
  { id: "owner", title: "Owner", value: (row) => row.owner },
  { id: "lifecycle", title: "Lifecycle", value: (row) => row.lifecycle },
];

export const GALLERY_OPTIONS: SelectOption[] = Array.from({ length: 500 }, (_, index) => {
  const label = `Option ${String(index + 1).padStart(3, "0")}`;
  return { value: `option-${index + 1}`, label };
});

/** Shown through the markdown renderer: GitHub-flavoured, with a link the renderer must make safe. */
export const GALLERY_MARKDOWN = `**Markdown** with a [link](https://backstage.io), a table and a task list:

| kind | count |
| --- | ---: |
| Component | 25 |

- [x] rendered on the server
- [ ] a [javascript: link](javascript:alert(1)) stays inert`;

/** Shown through the code highlighter. */
export const GALLERY_CODE = `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: listing-search-service
spec:
  type: service
  owner: group:default/search
`;
