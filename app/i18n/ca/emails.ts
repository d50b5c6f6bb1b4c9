// Catalan: the e-mails sent to the public (decision 059). Server only.
export default {
  "footer.why": "Reps aquest correu perquè et vas subscriure a la newsletter {ofSite}.",

  // — public forms —
  // The newsletter's confirmation (decision 023) and every issue's footer, in the subscriber's
  // language. {ofSite} is the campaign's name as the language writes it after "of" (ofSite()).
  "confirm.subject": "Confirma la teva subscripció a la newsletter",
  "confirm.hello": "Hola,",
  "confirm.whyReflection": "Quan vas enviar una reflexió al web {ofSite} vas marcar que vols rebre la newsletter de la campanya.",
  "confirm.whyForm":
    "Hem rebut una petició per subscriure aquesta adreça a la newsletter {ofSite}, la campanya del pla director de la bicicleta del Penedès.",
  "confirm.open": "Per confirmar la subscripció, obre aquest enllaç (caduca d'aquí a {days} dies):",
  "confirm.ignore":
    "Si no l'has demanat tu, no cal que facis res: sense confirmació no t'enviarem res i esborrarem l'adreça d'aquí a {days} dies.",
  "confirm.unsubscribe": "Per donar-te de baixa en qualsevol moment:",
  "confirm.button": "Confirma la subscripció",
  "confirm.expires": "L'enllaç caduca d'aquí a {days} dies.",
  "unsubscribe.link": "Dona't de baixa",
  "footer.unsubscribe": "Per donar-te de baixa:",
  // The acknowledgement of an accessibility request (issue 33), in the sender's language.
  "accessibilityRequest.subject": "Hem rebut la teva sol·licitud d'accessibilitat ({reference})",
  "accessibilityRequest.hello": "Hola,",
  "accessibilityRequest.receivedCommunication": "Hem rebut la comunicació sobre l'accessibilitat del web {site} que ens has enviat.",
  "accessibilityRequest.receivedInformation": "Hem rebut la sol·licitud d'informació accessible del web {site} que ens has enviat.",
  "accessibilityRequest.reference": "Referència: {reference}.",
  "accessibilityRequest.due": "Et respondrà {unit} com a màxim el {due} (vint dies hàbils).",
  "accessibilityRequest.copy": "Aquesta és una còpia del que ens has enviat:",
  "accessibilityRequest.about": "Pàgina o contingut:",
  // — the council's answer to a contribution (issue 31, decision 068) —
  "answer.subject": "L'Ajuntament ha respost la teva aportació",
  "answer.hello": "Hola,",
  "answer.intro": "Vas demanar de rebre per correu la resposta a la teva aportació al web {ofSite}. L'Ajuntament ja l'ha publicada.",
  "answer.yours": "La teva aportació:",
  "answer.state": "Estat: {state}",
  "answer.answer": "La resposta:",
  "answer.link": "Mira-la al web:",
  "answer.result": "Ho seguim en aquesta actuació del pla:",
  "answer.button": "Mira la resposta al web",
  "answer.why":
    "Reps aquest correu perquè, en enviar la teva aportació, vas marcar que volies rebre'n la resposta. Només te'n tornarem a escriure si l'Ajuntament en canvia el text.",
  "answer.updatedSubject": "L'Ajuntament ha actualitzat la resposta a la teva aportació",
  "answer.updatedIntro":
    "L'Ajuntament ha canviat la resposta que va publicar a la teva aportació al web {ofSite}. Aquesta és la resposta nova.",
  "answer.stop": "Per no rebre més respostes per correu:",
  "rightsRequest.subject": "Confirma la teva sol·licitud sobre les teves dades",
  "rightsRequest.hello": "Hola,",
  "rightsRequest.access": "Hem rebut una sol·licitud per veure les dades personals que el web {site} guarda d'aquesta adreça de correu.",
  "rightsRequest.erasure":
    "Hem rebut una sol·licitud per esborrar les dades personals que el web {site} guarda d'aquesta adreça de correu.",
  "rightsRequest.confirm":
    "Si l'has feta tu, confirma-la amb aquest enllaç en els propers {days} dies. Fins que no la confirmis no la tramitarem:",
  "rightsRequest.button": "Confirma la sol·licitud",
  "rightsRequest.ignore": "Si no l'has feta tu, no cal que facis res: sense confirmació, la sol·licitud s'esborrarà sola.",
  // — following a result of the plan (issue 35, decision 069) —
  "follow.hello": "Hola,",
  "follow.theResult": "l'actuació «{title}»",
  "follow.theMunicipality": "les actuacions del pla a {municipality}",
  "follow.confirmSubject": "Confirma que vols seguir el pla de la bicicleta",
  "follow.confirmWhy": "Hem rebut una petició per rebre en aquesta adreça les novetats de {target} al web {ofSite}.",
  "follow.confirmOpen": "Per confirmar-ho, obre l'enllaç següent (caduca d'aquí a {days} dies).",
  "follow.confirmIgnore":
    "Si no ho has demanat tu, no cal que facis res: sense confirmació no t'enviarem res i esborrarem l'adreça d'aquí a {days} dies.",
  "follow.confirmButton": "Confirma que vols seguir-la",
  "follow.newsSubject": "Novetats de l'actuació: {title}",
  "follow.newsIntro": "Hi ha novetats de l'actuació «{title}» del pla director de la bicicleta, al web {ofSite}:",
  "follow.newState": "Ara és en l'estat: {state}.",
  "follow.newsButton": "Mira l'actuació al web",
  "follow.whyResult": "Reps aquest correu perquè segueixes aquesta actuació.",
  "follow.whyMunicipality": "Reps aquest correu perquè segueixes les actuacions del pla a {municipality}.",
  "follow.whyAuthor": "Reps aquest correu perquè aquesta actuació va sorgir d'una aportació teva i vas demanar de rebre'n la resposta.",
  "follow.unsubscribe": "Per deixar de rebre aquests correus:",
} as const;
