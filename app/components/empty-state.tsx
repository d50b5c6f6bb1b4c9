import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** A list with nothing in it yet: what is missing, and what the visitor can do about it (issue 27,
 * item 14). */
export function EmptyState({
  children,
  action,
  className,
}: {
  children: ReactNode;
  action: { to: string; label: string };
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center gap-4 rounded-lg bg-brand-soft p-6 text-center", className)}>
      <p>{children}</p>
      <Button asChild>
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </div>
  );
}
