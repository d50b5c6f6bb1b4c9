import { z } from "zod";

// The open data (issue 31, decision 074), client-safe: the files' stable addresses (the route
// table, the /dades-obertes page and the catalogue read them), and the settings screen's form for
// the licence and the publisher, which the screen checks with and the action applies.

/** The files, at addresses that do not change: harvesters (the AOC's portal, datos.gob.es) keep them. */
export const OPEN_DATA_FILES = {
  contributionsCsv: "/dades-obertes/aportacions.csv",
  contributionsGeoJson: "/dades-obertes/aportacions.geojson",
  catalogue: "/dades-obertes/cataleg.ttl",
  // The plan's results (decision 069), at the addresses they already had.
  resultsCsv: "/api/seguiment-del-pla.csv",
  resultsGeoJson: "/api/seguiment-del-pla.geojson",
} as const;

/** Creative Commons Attribution 4.0: the licence until staff choose another. */
export const DEFAULT_LICENCE = "https://creativecommons.org/licenses/by/4.0/";
/** Who publishes the data, until staff name it otherwise. */
export const DEFAULT_PUBLISHER = "Consell Comarcal del Penedès";

export interface OpenDataSettings {
  licence: string;
  publisher: string;
}

const LICENCE_MESSAGE = "La llicència ha de ser una adreça web completa que comenci per https://, per exemple " + DEFAULT_LICENCE;

export const openDataSettingsSchema = z.object({
  licence: z
    .string({ error: "Escriu l'adreça de la llicència" })
    .trim()
    .min(1, "Escriu l'adreça de la llicència")
    .max(500, "L'adreça de la llicència no pot tenir més de 500 caràcters")
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === "https:" && !url.username && !url.password && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, LICENCE_MESSAGE),
  publisher: z
    .string({ error: "Escriu el nom de qui publica les dades" })
    .trim()
    .min(2, "Escriu el nom de qui publica les dades")
    .max(200, "El nom de qui publica les dades no pot tenir més de 200 caràcters"),
});

/** The short names of the licences staff are likely to choose, by address (the same in every
 * language): the page says the name, or the address of any other. */
export const KNOWN_LICENCES: Record<string, string> = {
  "https://creativecommons.org/licenses/by/4.0/": "CC BY 4.0",
  "https://creativecommons.org/licenses/by-sa/4.0/": "CC BY-SA 4.0",
  "https://creativecommons.org/publicdomain/zero/1.0/": "CC0 1.0",
  "https://opendatacommons.org/licenses/odbl/1-0/": "ODbL 1.0",
};
