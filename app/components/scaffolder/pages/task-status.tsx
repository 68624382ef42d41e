import { StatusBadge, type Status } from "~/components/ui/status-badge";
import { useTranslation } from "~/components/ui/root-data";

const BADGE: Record<string, Status> = { open: "pending", processing: "running", completed: "ok", failed: "error", cancelled: "aborted", skipped: "pending" };

/** A task's or a step's status: the kit's badge, worded by the catalogue. */
export function TaskStatusBadge({ status }: { status: string }) {
  const t = useTranslation();
  const known = status in BADGE;
  return <StatusBadge status={BADGE[status] ?? "pending"}>{known ? t(`scaffolderPages.status.${status as "open"}`) : status}</StatusBadge>;
}
