import type { Route } from "./+types/testimonials";
import { queueLoader } from "./moderation.server";

// The testimonials screen is the moderation queue with its type fixed (decision 051): the same
// statuses, actions and delete rules, the audio player on every card. Its action is the queue's.
// Its old addresses (?status=approved&theme=infants, the dashboard's links) redirect to the one
// list dialect like every list's (decision 056).

export { action } from "./moderation.server";

export const loader = (args: Route.LoaderArgs) => queueLoader(args, "testimonial");
