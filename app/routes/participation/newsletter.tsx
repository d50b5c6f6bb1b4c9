import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/components/participation/newsletter-form";
import { useSay } from "~/components/participation/shared";
import { respond, subscribeNewsletter } from "~/models/participation.server";
import { keepFormOnFailure } from "~/lib/public-action";
import { UNREACHABLE } from "~/lib/participation-texts";

// The newsletter form posts here, with JavaScript (a fetcher) or without (this page answers).
export async function action({ request, context }: Route.ActionArgs) {
  return respond(await subscribeNewsletter(request, context));
}

// In the browser: a send that fails to arrive keeps the form and shows its failure in place.
export const clientAction = keepFormOnFailure(UNREACHABLE.newsletter);

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const say = useSay();
  return (
    <div className="py-8">
      <h1 className="sr-only">{say("forms.newsletter.pageTitle")}</h1>
      <NewsletterForm result={actionData} />
    </div>
  );
}
