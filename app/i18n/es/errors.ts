import type { Translation } from "../catalogue";
import type ca from "../ca/errors";

export default {
  // The spec's 404 wording is in English in every language.
  "notFound.title": "Oops! Page not found",
  "notFound.text": "No hemos encontrado esta página. Quizá la dirección ha cambiado o no está bien escrita.",
  "notFound.home": "Return to Home",
  "notFound.also":
    "También puedes <participa>dar tu opinión sobre el plan</participa> o ver <aportacions>todas las aportaciones</aportacions>.",
  "forbidden.title": "No tienes permiso",
  "forbidden.text": "Tu rol no permite abrir esta página del backoffice. Si la necesitas, pídelo a un administrador.",
  "forbidden.back": "Volver al panel",
  "unexpected.title": "Se ha producido un error inesperado",
  "unexpected.text": "Vuelve a intentarlo dentro de un rato.",
  "unavailable.title": "La web no está disponible en este momento",
  "unavailable.text": "Estamos actualizando la web. Vuelve a intentarlo dentro de un momento.",
  "refused.title": "Petición no válida",
  "refused.text": "Esta página no puede responder a esta petición.",
  "landingLoad.title": "No se ha podido cargar la página",
  backHome: "Volver al inicio",
  // — public pages, part A (the agenda's calendar files) —
  "agenda.notFound": "No encontrado",
} satisfies Translation<typeof ca>;
