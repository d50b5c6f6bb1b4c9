// Catalan: error pages and the server's general outcomes (decision 059).
export default {
  "notFound.title": "Oops! Page not found",
  "notFound.text": "No hem trobat aquesta pàgina. Potser l'adreça ha canviat o no està ben escrita.",
  "notFound.home": "Return to Home",
  "notFound.also": "També pots <participa>dir la teva sobre el pla</participa> o veure <aportacions>totes les aportacions</aportacions>.",
  "forbidden.title": "No tens permís",
  "forbidden.text": "El teu rol no permet obrir aquesta pàgina del backoffice. Si la necessites, demana-ho a un administrador.",
  "forbidden.back": "Torna al tauler",
  "unexpected.title": "Hi ha hagut un error inesperat",
  "unexpected.text": "Torna-ho a provar d'aquí a una estona.",
  "unavailable.title": "El web no està disponible en aquest moment",
  "unavailable.text": "Estem actualitzant el web. Torna-ho a provar d'aquí a un moment.",
  "refused.title": "Petició no vàlida",
  "refused.text": "Aquesta pàgina no pot respondre aquesta petició.",
  "landingLoad.title": "No s'ha pogut carregar la landing page",
  backHome: "Torna a l'inici",
  // — public pages, part A (the agenda's calendar files) —
  "agenda.notFound": "No trobat",
} as const;
