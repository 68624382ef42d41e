// Strings of the shared UI kit (app/components/ui) and its development gallery.
// Several are Backstage's own words, which users and tests recognise: kept verbatim.
export const uiKit = {
  warningPanel: { showMore: "Show more", showLess: "Show less" },
  responseError: {
    requestFailed: "Request failed with {{status}} {{statusText}}",
    request: "Request",
    fullError: "Full error as JSON",
  },
  table: {
    filters: "Filters",
    clearAll: "Clear all",
    allResults: "All results",
    empty: "No records to display",
    search: "Search the table",
    filterPlaceholder: "Filter",
    applyFilters: "Apply filters",
    rows: "{{from}}-{{to}} of {{count}}",
  },
  pagination: {
    label: "Pagination",
    first: "First Page",
    previous: "Previous Page",
    next: "Next Page",
    last: "Last Page",
  },
  select: { choose: "Select an option" },
  status: {
    ok: "OK",
    warning: "Warning",
    error: "Error",
    pending: "Pending",
    running: "Running",
    aborted: "Aborted",
  },
  gauge: { label: "{{value}}{{unit}} of {{max}}{{unit}}", usage: "{{value}}% used", unknown: "Usage unknown" },
  banner: { region: "Announcement", dismiss: "Dismiss", idInvalid: "A banner id of 1 to 200 characters is required", signInRequired: "You must be signed in to dismiss banners" },
  dialog: { close: "Close" },
  copy: { copy: "Copy text", copied: "Text copied to clipboard", failed: "Could not copy the text: {{error}}" },
  permission: { title: "Permission required" },
  noInformation: "No information to display",
  emptyState: {
    field: "The information is missing a field",
    info: "There is no information here yet",
    content: "There is no content here yet",
    data: "There is no data here yet",
  },
  gallery: {
    title: "UI kit",
    subtitle: "Every shared component, as pages use it. Development only.",
    themes: "Page themes",
  },
} as const;
