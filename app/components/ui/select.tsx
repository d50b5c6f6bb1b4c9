import type * as React from "react";
import { cn } from "~/lib/utils";

/** A native select: works without JavaScript, with the keyboard and on every phone. */
function Select({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(
        "flex h-10 w-full rounded-md border border-ink/30 bg-white px-3 py-2 text-base text-ink shadow-xs outline-none focus-visible:border-brand focus-visible:ring-[3px] focus-visible:ring-brand/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Select };
