/** An indeterminate progress bar that shows only after a short delay (CSS, so it also works without JavaScript). */
export function Progress({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} className="delayed-appear relative h-1 w-full overflow-hidden bg-brand-100 dark:bg-brand-900">
      <div className="progress-indeterminate absolute inset-y-0 w-1/3 bg-brand-500" />
    </div>
  );
}
