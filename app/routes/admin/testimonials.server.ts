import { redirect } from "react-router";
import type { Route } from "./+types/testimonials";
import { SPEC_TESTIMONIAL_STATUS } from "~/domain/contributions";
import { queueLoader } from "./moderation.server";

// The testimonials screen is the moderation queue with its type fixed (decision 051): the same
// statuses, actions and delete rules, the audio player on every card. Its action is the queue's.

export { action } from "./moderation.server";

export async function loader(args: Route.LoaderArgs) {
  // The list's old addresses (?status=approved&theme=infants, the dashboard's links) keep working.
  const url = new URL(args.request.url);
  const status = url.searchParams.get("status");
  const theme = url.searchParams.get("theme");
  if (status !== null || theme !== null) {
    const estat =
      status && status in SPEC_TESTIMONIAL_STATUS ? SPEC_TESTIMONIAL_STATUS[status as keyof typeof SPEC_TESTIMONIAL_STATUS] : status;
    const params = new URLSearchParams(url.search);
    params.delete("status");
    params.delete("theme");
    if (estat) params.set("estat", estat);
    if (theme) params.set("ambit", theme);
    throw redirect(`${url.pathname}${params.size ? `?${params}` : ""}`, 301);
  }
  return queueLoader(args, "testimonial");
}
