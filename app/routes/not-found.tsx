import { data } from "react-router";
import { NotFoundContent } from "~/components/error-content";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    // Inside the public layout's <main>, with the site's header and footer.
    <NotFoundContent className="min-h-[50dvh]" />
  );
}
