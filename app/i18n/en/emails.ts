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
  "accessibilityRequest.subject": "We have received your accessibility request ({reference})",
  "accessibilityRequest.hello": "Hello,",
  "accessibilityRequest.receivedCommunication": "We have received your feedback on the accessibility of the {site} website.",
  "accessibilityRequest.receivedInformation": "We have received your request for accessible information from the {site} website.",
  "accessibilityRequest.reference": "Reference: {reference}.",
  "accessibilityRequest.due": "{unit} will reply by {due} at the latest (twenty working days).",
  "accessibilityRequest.copy": "This is a copy of what you sent us:",
  "accessibilityRequest.about": "Page or content:",
  // — the council's answer to a contribution (issue 31, decision 068) —
  "answer.subject": "The council has answered your contribution",
  "answer.hello": "Hello,",
  "answer.intro":
    "You asked to receive by e-mail the answer to your contribution on the {ofSite} website. The council has now published it.",
  "answer.yours": "Your contribution:",
  "answer.state": "Status: {state}",
  "answer.answer": "The answer:",
  "answer.link": "Read it on the website:",
  "answer.result": "We are following it up in this action of the plan:",
  "answer.button": "Read the answer on the website",
  "answer.why":
    "You are receiving this e-mail because, when you sent your contribution, you ticked the box to receive the answer. We will only write again if the council changes its text.",
  "answer.updatedSubject": "The council has updated its answer to your contribution",
  "answer.updatedIntro":
    "The council has changed the answer it published to your contribution on the {ofSite} website. This is the new answer.",
  "answer.stop": "To stop receiving answers by e-mail:",
  "rightsRequest.subject": "Confirm your request about your data",
  "rightsRequest.hello": "Hello,",
  "rightsRequest.access": "We have received a request to see the personal data the {site} website holds for this email address.",
  "rightsRequest.erasure": "We have received a request to erase the personal data the {site} website holds for this email address.",
  "rightsRequest.confirm":
    "If you made it, please confirm it with this link within the next {days} days. We will not process it until you do:",
  "rightsRequest.button": "Confirm the request",
  "rightsRequest.ignore":
    "If you did not make it, you need not do anything: without confirmation, the request will be deleted automatically.",
  // — following a result of the plan (issue 35, decision 069) —
  "follow.hello": "Hello,",
  "follow.theResult": "the action “{title}”",
  "follow.theMunicipality": "the plan's actions in {municipality}",
  "follow.confirmSubject": "Confirm that you want to follow the bicycle plan",
  "follow.confirmWhy": "We received a request to send news of {target} on the {ofSite} website to this address.",
  "follow.confirmOpen": "To confirm, open the link below (it expires in {days} days).",
  "follow.confirmIgnore":
    "If you did not ask for this, you need not do anything: without confirmation we will send you nothing and delete the address in {days} days.",
  "follow.confirmButton": "Confirm that you want to follow it",
  "follow.newsSubject": "News of the action: {title}",
  "follow.newsIntro": "There is news of the action “{title}” of the bicycle master plan, on the {ofSite} website:",
  "follow.newState": "It is now at this stage: {state}.",
  "follow.newsButton": "See the action on the website",
  "follow.whyResult": "You are receiving this e-mail because you follow this action.",
  "follow.whyMunicipality": "You are receiving this e-mail because you follow the plan's actions in {municipality}.",
  "follow.whyAuthor":
    "You are receiving this e-mail because this action arose from one of your contributions and you asked to receive the answer.",
  "follow.unsubscribe": "To stop receiving these e-mails:",
} satisfies Translation<typeof ca>;
