import { adminPaths } from "~/lib/admin-paths";
import { Link } from "react-router";
import { badgeVariants } from "~/components/ui/badge";
import type { ModerationStatus } from "~/domain/contributions";
import { cn } from "~/lib/utils";

const LABELS: Record<ModerationStatus, string> = { pending: "Pendent de moderació", published: "Publicada", hidden: "Amagada" };
const VARIANTS = { pending: "secondary", published: "success", hidden: "destructive" } as const;

/** A reflection's or a map comment's status, on every card (issue 27, item 13), linking to the
 * queue's tab of that status (decision 028). */
export function ModerationBadge({ status }: { status: ModerationStatus }) {
  return (
    <Link
      to={`${adminPaths.adminModeration}${status === "pending" ? "" : `?estat=${status}`}`}
      className={cn(badgeVariants({ variant: VARIANTS[status] }), "underline-offset-2 hover:underline")}
    >
      {LABELS[status]}
    </Link>
  );
}
