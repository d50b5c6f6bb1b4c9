import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notificacions"
      toastOptions={{ closeButtonAriaLabel: "Tanca la notificació" }}
      // Sonner's rich colours are too light on their backgrounds for WCAG AA (4.5:1): darker text.
      style={
        {
          "--success-text": "hsl(140, 100%, 20%)",
          "--info-text": "hsl(210, 92%, 32%)",
          "--warning-text": "hsl(31, 92%, 26%)",
          "--error-text": "hsl(360, 100%, 32%)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
