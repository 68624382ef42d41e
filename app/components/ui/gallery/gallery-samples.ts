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
