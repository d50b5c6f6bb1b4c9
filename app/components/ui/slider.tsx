import { Slider as SliderPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** One thumb on a track (Radix: arrow keys, Page Up/Down, Home/End). Its accessible name and
 * value text go on the thumb, which is the focusable role="slider". */
function Slider({
  className,
  thumbLabel,
  thumbValueText,
  ...props
}: React.ComponentProps<typeof SliderPrimitive.Root> & { thumbLabel: string; thumbValueText?: string }) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        "relative flex w-full touch-none items-center py-3 select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track data-slot="slider-track" className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-ink/20">
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-brand" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        data-slot="slider-thumb"
        aria-label={thumbLabel}
        aria-valuetext={thumbValueText}
        aria-disabled={props.disabled || undefined}
        className="block size-4 rounded-full border-2 border-brand bg-white shadow focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none"
      />
    </SliderPrimitive.Root>
  );
}

export { Slider };
