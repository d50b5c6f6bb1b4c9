import { clsx, type ClassValue } from "clsx";
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
