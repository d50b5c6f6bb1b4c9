import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-brand/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:ring-red-600/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-brand text-white shadow-xs hover:bg-brand-dark",
        destructive: "bg-red-700 text-white shadow-xs hover:bg-red-800",
        outline: "border border-ink/20 bg-white text-ink shadow-xs hover:bg-brand-soft",
        secondary: "bg-ink text-white shadow-xs hover:bg-ink/90",
        ghost: "text-ink hover:bg-brand-soft",
        link: "text-brand-dark underline-offset-4 hover:underline",
      },
      size: {
        // At least 44 px tall on phones (WCAG 2.5.5's target size), smaller beside a mouse.
        default: "h-10 px-4 py-2 max-sm:h-11",
        sm: "h-8 gap-1.5 px-3 max-sm:h-11",
        lg: "h-12 px-6 text-base",
        icon: "size-10 max-sm:size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}

export { Button, buttonVariants };
