import { SlidersHorizontal } from "lucide-react";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

// An admin list's filters (issue 27, item 13): in place on wide screens; on a phone, behind a
// "Filtres (n)" button that opens them in a sheet from the bottom, so the list starts at the top of
// the screen. n counts the filters in use. The page is rendered for a wide screen and the filters
// are hidden by CSS on a narrow one until it hydrates, so a phone never sees the wall of fields.

const NARROW = "(max-width: 767px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the window is phone-narrow (false on the server and while hydrating). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** "Filtres (2)": the label of the sheet's button. */
export const filtersLabel = (active: number) => (active > 0 ? `Filtres (${active})` : "Filtres");

export function FiltersSheet({ active, children }: { active: number; children: ReactNode }) {
  const narrow = useNarrow();
  const { search } = useLocation();
  // Open for the address it was opened on: applying the filters (a new address) closes it on the
  // filtered list.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === search;
  const setOpen = (on: boolean) => setOpenOn(on ? search : null);
  return (
    <>
      <div className="mb-4 md:hidden">
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button type="button" variant="outline">
              <SlidersHorizontal aria-hidden="true" />
              {filtersLabel(active)}
            </Button>
          </DialogTrigger>
          <DialogContent className="top-auto bottom-0 left-0 max-h-[85dvh] w-full max-w-none translate-x-0 translate-y-0 rounded-none rounded-t-xl p-4 sm:max-w-none">
            <DialogTitle>Filtres</DialogTitle>
            <DialogDescription className="sr-only">Tria què mostra la llista</DialogDescription>
            {narrow && open && children}
          </DialogContent>
        </Dialog>
      </div>
      {!narrow && <div className="max-md:hidden">{children}</div>}
    </>
  );
}
