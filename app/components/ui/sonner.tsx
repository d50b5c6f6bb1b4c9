import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { toasterMounted } from "~/lib/toast";

/** Loaded lazily by root.tsx; toasts are shown with `toast` from ~/lib/toast. */
export default function Toaster(props: ToasterProps) {
  // Sonner subscribes in its own effect, which runs before this one.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notificacions"
      toastOptions={{ closeButtonAriaLabel: "Tanca la notificació" }}
      {...props}
    />
  );
}
