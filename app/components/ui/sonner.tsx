import { Toaster as Sonner, type ToasterProps } from "sonner";

function Toaster(props: ToasterProps) {
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

export { Toaster };
