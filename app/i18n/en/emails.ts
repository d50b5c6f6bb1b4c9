import type { Translation } from "../catalogue";
import type ca from "../ca/emails";

export default {
  "footer.why": "You are receiving this e-mail because you signed up to the {ofSite} newsletter.",

  // — public forms —
  "confirm.subject": "Confirm your subscription to the newsletter",
  "confirm.hello": "Hello,",
  "confirm.whyReflection": "When you sent a reflection to the {ofSite} website, you ticked the box to receive the campaign's newsletter.",
  "confirm.whyForm":
    "We have received a request to sign this address up to the {ofSite} newsletter, the campaign of the Penedès cycling master plan.",
  "confirm.open": "To confirm your subscription, open this link (it expires in {days} days):",
  "confirm.ignore":
    "If you did not ask for this, you do not need to do anything: without confirmation we will send you nothing and will delete the address in {days} days.",
  "confirm.unsubscribe": "To unsubscribe at any time:",
  "confirm.button": "Confirm the subscription",
  "confirm.expires": "The link expires in {days} days.",
  "unsubscribe.link": "Unsubscribe",
  "footer.unsubscribe": "To unsubscribe:",
} satisfies Translation<typeof ca>;
