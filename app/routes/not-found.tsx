import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-brand-soft p-6 text-center" lang="en">
      <h1 className="text-6xl font-extrabold text-brand-dark">404</h1>
      <p className="text-xl">Oops! Page not found</p>
      <Link to="/" className="font-semibold text-brand-dark underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
