import { data } from "react-router";
import { NotFoundContent } from "~/components/error-content";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main>
      <NotFoundContent className="min-h-dvh" />
    </main>
  );
}
