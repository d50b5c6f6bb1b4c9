import { Link, useLocation, useNavigate, type LinkProps } from "react-router";

const WAIT_FOR_SECTION_MS = 3000;

/** Scrolls to the element with this id once it is on the page: smoothly, or in one jump when
 * the visitor prefers reduced motion. */
function scrollToSection(id: string) {
  const started = performance.now();
  const attempt = () => {
    const el = document.getElementById(id);
    if (!el) {
      if (performance.now() - started < WAIT_FOR_SECTION_MS) requestAnimationFrame(attempt);
      return;
    }
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollIntoView({ behavior: reduce ? "instant" : "smooth", block: "start" });
  };
  attempt();
}

/** A link to a section of a page, like AGENDA (`/#agenda`) or 'Tornar als àmbits' (`/#ambits`).
 * Without JavaScript it is a plain anchor. With it, it goes to the page (when not already
 * there) and about 100 ms later scrolls smoothly to the section (spec §2). Only these links
 * scroll smoothly: every other navigation starts at the top in one jump. */
export function SectionLink({ to, onClick, ...props }: Omit<LinkProps, "to"> & { to: `${string}#${string}` }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pathname = "/", id = ""] = to.split("#");
  return (
    <Link
      to={to}
      {...props}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        // The home page's sections in Spanish and English are written "/es/#agenda": already on
        // "/es", the visitor is on that page, and only scrolls.
        const here = location.pathname.replace(/\/+$/, "") === pathname.replace(/\/+$/, "");
        const arrived = here ? undefined : navigate(pathname);
        void Promise.resolve(arrived).then(() => window.setTimeout(() => scrollToSection(id), 100));
      }}
    />
  );
}
