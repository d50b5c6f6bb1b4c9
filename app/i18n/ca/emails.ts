// Catalan: the e-mails sent to the public (decision 059). Server only.
export default {
  "footer.why": "Reps aquest correu perquè et vas subscriure a la newsletter {ofSite}.",
} as const;
