import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useT } from "~/i18n/react";
import { toasterMounted } from "~/lib/toast";

/** Loaded lazily by root.tsx; toasts are shown with `toast` from ~/lib/toast. */
export default function Toaster(props: ToasterProps) {
  // Sonner subscribes in its own effect, which runs before this one.
  useEffect(toasterMounted, []);
  const t = useT();
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t("public.ui.notifications")}
      toastOptions={{ closeButtonAriaLabel: t("public.ui.closeNotification") }}
      {...props}
    />
  );
}
