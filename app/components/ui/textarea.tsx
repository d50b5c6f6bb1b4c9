import type * as React from "react";
import { cn } from "~/lib/utils";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-20 w-full rounded-md border border-ink/30 bg-white px-3 py-2 text-base text-ink shadow-xs outline-none placeholder:text-ink/60 focus-visible:border-brand focus-visible:ring-[3px] focus-visible:ring-brand/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700 aria-invalid:ring-red-700/20 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Textarea };
