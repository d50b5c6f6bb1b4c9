import type { Translation } from "../catalogue";
import type ca from "../ca/errors";

export default {
  "notFound.title": "Oops! Page not found",
  "notFound.text": "We could not find this page. The address may have changed or may be mistyped.",
  "notFound.home": "Return to Home",
  "notFound.also": "You can also <participa>have your say on the plan</participa> or see <aportacions>every contribution</aportacions>.",
  "forbidden.title": "Access denied",
  "forbidden.text": "Your role cannot open this back-office page. If you need it, ask an administrator.",
  "forbidden.back": "Back to the dashboard",
  "unexpected.title": "Something went wrong",
  "unexpected.text": "Please try again in a while.",
  "unavailable.title": "The website is not available right now",
  "unavailable.text": "We are updating the website. Please try again in a moment.",
  "refused.title": "Invalid request",
  "refused.text": "This page cannot answer this request.",
  "landingLoad.title": "The page could not be loaded",
  backHome: "Back to the home page",
  // — public pages, part A (the agenda's calendar files) —
  "agenda.notFound": "Not found",
} satisfies Translation<typeof ca>;
