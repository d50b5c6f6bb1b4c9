// Toasts. Sonner (about 8 KB compressed) is not part of any page's first load: the <Toaster> is
// mounted after hydration (root.tsx) and the library comes with it, so a toast waits for both.
type Options = {
  description?: string;
  /** A button in the toast ('Desfés'); the toast then stays 10 s, and while hovered or focused. */
  action?: { label: string; onClick: () => void };
};

let mounted!: () => void;
const ready = new Promise<void>((resolve) => (mounted = resolve));

/** Called by the <Toaster> once it listens for toasts. */
export const toasterMounted = () => mounted();

async function show(kind: "success" | "error" | "info", title: string, options?: Options) {
  const [{ toast: sonner }] = await Promise.all([import("sonner"), ready]);
  sonner[kind](title, options?.action ? { duration: 10_000, ...options } : options);
}

export const toast = {
  success: (title: string, options?: Options) => void show("success", title, options),
  error: (title: string, options?: Options) => void show("error", title, options),
  info: (title: string, options?: Options) => void show("info", title, options),
};
