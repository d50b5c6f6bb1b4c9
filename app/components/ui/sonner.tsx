import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useT } from "~/i18n/react";
import { toasterMounted } from "~/lib/toast";

/** Below the sticky headers (the site's is 64 px tall, the back office's 56): a toast never covers
 * the menu, the language switch or the account button (a pointer resting on a toast keeps it open). */
export const TOAST_TOP_PX = 72;

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
      offset={{ top: TOAST_TOP_PX }}
      mobileOffset={{ top: TOAST_TOP_PX }}
      containerAriaLabel={t("public.ui.notifications")}
      toastOptions={{ closeButtonAriaLabel: t("public.ui.closeNotification") }}
      {...props}
    />
  );
}
