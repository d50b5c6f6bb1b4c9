import { Link } from "react-router";
import { badgeVariants } from "~/components/ui/badge";
import type { ModerationStatus } from "~/domain/contributions";
import { cn } from "~/lib/utils";

const LABELS: Record<Exclude<ModerationStatus, "published">, string> = { pending: "Pendent de moderació", hidden: "Amagada" };

/** A reflection's or a map comment's status where it is not public, linking to the queue's tab
 * (decision 028); nothing for a published one. */
export function ModerationBadge({ status }: { status: ModerationStatus }) {
  if (status === "published") return null;
  return (
    <Link
      to={`/admin/moderacio${status === "hidden" ? "?estat=hidden" : ""}`}
      className={cn(badgeVariants({ variant: status === "hidden" ? "destructive" : "secondary" }), "underline-offset-2 hover:underline")}
    >
      {LABELS[status]}
    </Link>
  );
}
