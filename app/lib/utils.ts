import { clsx, type ClassValue } from "clsx";
import { useSyncExternalStore } from "react";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** The spec's SIGNED_OUT: everything the browser kept for this site is cleared. */
export function clearLocalStorage() {
  try {
    localStorage.clear();
  } catch {
    // storage unavailable (private mode): nothing kept, nothing to clear
  }
}

const subscribe = () => () => {};
/** False on the server and in a browser without JavaScript; true once React runs the page. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
