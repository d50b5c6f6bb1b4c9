import type { Translations } from "~/domain/translations";

// The demo content's Spanish and English (decision 062), keyed by the Catalan title (the footer by
// "footer"). Proper names stay as they are (Plaça de la Vila, la Vivi, the campaign's name).
// review: all of these should be read by native speakers (Spain Spanish, British English) before launch.

const SIGN_UP = { es: "Inscríbete", en: "Sign up" };

export const SEED_TRANSLATIONS: Record<string, Translations> = {
  footer: {
    es: {
      footerText:
        "Proyecto impulsado por el Consell Comarcal del Penedès y desarrollado por Mou-te Mobilitat SL. Más información en [la web del Consell](https://www.ccapenedes.cat).",
      collaboratorsText: "Con la colaboración de los ayuntamientos del Penedès y la financiación de fondos europeos.",
    },
    en: {
      footerText:
        "A project promoted by the Consell Comarcal del Penedès (the county council) and developed by Mou-te Mobilitat SL. Find out more on [the Council's website](https://www.ccapenedes.cat).",
      collaboratorsText: "With the support of the Penedès town councils and European funding.",
    },
  },

  // Activities.
  "Bicicletada popular per la xarxa de carrils": {
    es: {
      title: "Bicicletada popular por la red de carriles bici",
      place: "Plaça de la Vila, Vilafranca del Penedès",
      description: "Recorrido tranquilo de 15 km entre Vilafranca y Santa Margarida i els Monjos, apto para todo el mundo.",
      linkText: SIGN_UP.es,
    },
    en: {
      title: "Community bike ride along the cycle lanes",
      place: "Plaça de la Vila, Vilafranca del Penedès",
      description: "An easy 15 km ride between Vilafranca and Santa Margarida i els Monjos, suitable for everyone.",
      linkText: SIGN_UP.en,
    },
  },
  "Taller participatiu: dibuixem la xarxa": {
    es: {
      title: "Taller participativo: dibujamos la red",
      description: "Sesión abierta para marcar en el mapa los tramos que te preocupan.",
      linkText: SIGN_UP.es,
    },
    en: {
      title: "Participatory workshop: let's draw the network",
      description: "An open session to mark on the map the stretches that concern you.",
      linkText: SIGN_UP.en,
    },
  },
  "Anem a l'escola en bici": {
    es: {
      title: "Vamos a la escuela en bici",
      description: "Acompañamos a los niños y niñas de primaria en un trayecto seguro hasta la escuela.",
      linkText: SIGN_UP.es,
    },
    en: {
      title: "Cycling to school",
      description: "We ride with primary school children on a safe route to school.",
      linkText: SIGN_UP.en,
    },
  },
  "Ruta entre vinyes amb la Vivi": {
    es: { title: "Ruta entre viñas con la Vivi", place: "Estación de tren de Sant Sadurní", linkText: SIGN_UP.es },
    en: { title: "A ride through the vineyards with Vivi", place: "Sant Sadurní railway station", linkText: SIGN_UP.en },
  },

  // Videos (their description is the same for both).
  "Pedalant per Vilafranca": {
    es: { title: "Pedaleando por Vilafranca", description: "Vídeo de demostración de la campaña." },
    en: { title: "Cycling around Vilafranca", description: "The campaign's demonstration video." },
  },
  "Paisatges del Penedès en bici": {
    es: { title: "Paisajes del Penedès en bici", description: "Vídeo de demostración de la campaña." },
    en: { title: "Penedès landscapes by bike", description: "The campaign's demonstration video." },
  },

  // Resources.
  "Cartell de la campanya": {
    es: {
      title: "Cartel de la campaña",
      description: "El cartel oficial, para imprimir y colgar.",
      fullText: "🚲 Al Penedès, la bici ens mou! Comparte el cartel en tu escuela, tu trabajo o tu asociación.",
    },
    en: {
      title: "Campaign poster",
      description: "The official poster, to print and put up.",
      fullText: "🚲 Al Penedès, la bici ens mou! Share the poster at your school, workplace or association.",
    },
  },
  "Guia de participació": {
    es: {
      title: "Guía de participación",
      description: "Cómo participar en el plan director, paso a paso.",
      fullText: "📋 Responde el cuestionario, comenta el mapa y envíanos tu audio. Puedes participar mientras la consulta esté abierta.",
    },
    en: {
      title: "How to take part",
      description: "How to take part in the cycling master plan, step by step.",
      fullText: "📋 Answer the questionnaire, comment on the map and send us your audio. You can take part while the consultation is open.",
    },
  },
  "Vídeo de presentació": {
    es: {
      title: "Vídeo de presentación",
      description: "Presentación del plan director de la bicicleta.",
      fullText: "🎬 Un minuto para entender el plan.",
    },
    en: { title: "Introductory video", description: "An introduction to the cycling master plan.", fullText: "🎬 The plan in one minute." },
  },

  // Photos of la Vivi.
  "La Vivi a les vinyes": {
    es: { title: "La Vivi en las viñas", description: "Primera salida de la Vivi entre cepas." },
    en: { title: "Vivi in the vineyards", description: "Vivi's first ride among the vines." },
  },
  "A l'estació de Vilafranca": {
    es: { title: "En la estación de Vilafranca", description: "Esperando el tren con la bici." },
    en: { title: "At Vilafranca station", description: "Waiting for the train with the bike." },
  },
  "Mercat de Sant Sadurní": {
    es: { title: "Mercado de Sant Sadurní", description: "La Vivi hace la compra en el comercio de proximidad." },
    en: { title: "Sant Sadurní market", description: "Vivi does her shopping locally." },
  },
  "Cap a la platja de Cubelles": {
    es: { title: "Hacia la playa de Cubelles", description: "Ruta hasta el mar." },
    en: { title: "Off to Cubelles beach", description: "A ride down to the sea." },
  },
  "Festa major": {
    es: { title: "Fiesta mayor", description: "¡La Vivi también baila!" },
    en: { title: "The town festival", description: "Vivi dances too!" },
  },
  "Posta de sol al Montmell": {
    es: { title: "Puesta de sol en el Montmell", description: "Volviendo a casa." },
    en: { title: "Sunset over El Montmell", description: "Heading home." },
  },

  // Landing pages (the draft "Camins escolars en bici" is left untranslated: it shows in "Falten traduccions").
  "Vilafranca pedala": {
    es: {
      title: "Vilafranca pedalea",
      description:
        "La red ciclable llega a **Vilafranca del Penedès**.\n\nVen a conocer los nuevos tramos y [danos tu opinión](https://penedes.example/participa). Escucha también [las voces del territorio](/es/testimonios).",
    },
    en: {
      title: "Vilafranca gets cycling",
      description:
        "The cycle network reaches **Vilafranca del Penedès**.\n\nCome and see the new stretches and [have your say](https://penedes.example/participa). Listen to [the voices of the county](/en/testimonials) too.",
    },
  },
};

/** The translations of a demo row (none for a title not listed). */
export const seedTranslations = (key: string): Translations => SEED_TRANSLATIONS[key] ?? {};
