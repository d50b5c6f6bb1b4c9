import { Toaster as Sonner, type ToasterProps } from "sonner";

function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notificacions"
      // Rich colours' red and green text on their pale backgrounds fall short of 4.5:1: the text stays ink.
      toastOptions={{ closeButtonAriaLabel: "Tanca la notificació", classNames: { title: "!text-ink", description: "!text-ink" } }}
      {...props}
    />
  );
}

export { Toaster };
