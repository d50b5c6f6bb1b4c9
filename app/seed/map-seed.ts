import { MAP_CATEGORIES, nearestMunicipality, roundCoord, type LineStyle, type MapCategory } from "~/domain/map";

// The demo network and comments of the participation map (issue 17): plausible lines between the
// Alt Penedès towns (drawn by hand from the road network, not surveyed), stations' bicycle parking,
// and a few dozen comments placed along them. Coordinates are [lng, lat] (GeoJSON).

type Line = { name: string; status: string; coords: [number, number][] };

const VILAFRANCA: [number, number] = [1.6979, 41.3462];
const SANT_SADURNI: [number, number] = [1.7853, 41.4256];

const PROPOSED: Line[] = [
  {
    name: "Vilafranca - Sant Sadurní d'Anoia (BV-2427)",
    status: "proposat",
    coords: [VILAFRANCA, [1.7065, 41.3575], [1.7183, 41.3781], [1.7395, 41.3935], [1.762, 41.408], SANT_SADURNI],
  },
  {
    name: "Vilafranca - Santa Margarida i els Monjos",
    status: "proposat",
    coords: [VILAFRANCA, [1.689, 41.337], [1.678, 41.331], [1.664, 41.325]],
  },
  {
    name: "Vilafranca - Pacs - Vilobí - Sant Martí Sarroca",
    status: "en estudi",
    coords: [VILAFRANCA, [1.6708, 41.3609], [1.65, 41.3833], [1.6167, 41.3833]],
  },
  {
    name: "Sant Sadurní d'Anoia - Gelida",
    status: "proposat",
    coords: [SANT_SADURNI, [1.81, 41.43], [1.84, 41.437], [1.8634, 41.4396]],
  },
  {
    name: "Vilafranca - Puigdàlber - Sant Pere de Riudebitlles",
    status: "en estudi",
    coords: [VILAFRANCA, [1.703, 41.37], [1.703, 41.403], [1.7, 41.45]],
  },
];

const EXISTING: Line[] = [
  {
    name: "Anella verda de Vilafranca",
    status: "existent",
    coords: [
      [1.685, 41.35],
      [1.695, 41.356],
      [1.71, 41.352],
      [1.708, 41.34],
      [1.692, 41.338],
      [1.685, 41.35],
    ],
  },
  {
    name: "Camí del Foix (Olèrdola)",
    status: "existent",
    coords: [
      [1.7167, 41.3],
      [1.705, 41.315],
      [1.69, 41.325],
    ],
  },
];

const PARKING: { name: string; at: [number, number] }[] = [
  { name: "Estació de Vilafranca del Penedès", at: [1.7005, 41.3463] },
  { name: "Estació de Sant Sadurní d'Anoia", at: [1.7862, 41.4244] },
  { name: "Estació de Gelida", at: [1.8742, 41.4331] },
  { name: "Estació de Lavern-Subirats", at: [1.7744, 41.4067] },
  { name: "Estació de la Granada", at: [1.7221, 41.3787] },
];

const collection = (features: unknown[]) => ({ type: "FeatureCollection", features });
const lines = (list: Line[]) =>
  collection(
    list.map(({ name, status, coords }) => ({
      type: "Feature",
      properties: { name, status },
      geometry: { type: "LineString", coordinates: coords },
    })),
  );

export const SEED_LAYERS: { seed: string; name: string; colour: string; lineStyle: LineStyle; position: number; geojson: unknown }[] = [
  { seed: "layer:proposada", name: "Xarxa proposada", colour: "#c2185b", lineStyle: "solid", position: 0, geojson: lines(PROPOSED) },
  { seed: "layer:existents", name: "Trams existents", colour: "#2e7d32", lineStyle: "dashed", position: 1, geojson: lines(EXISTING) },
  {
    seed: "layer:aparcaments",
    name: "Aparcaments de bicis",
    colour: "#1565c0",
    lineStyle: "solid",
    position: 2,
    geojson: collection(
      PARKING.map(({ name, at }) => ({
        type: "Feature",
        properties: { name, status: "existent" },
        geometry: { type: "Point", coordinates: at },
      })),
    ),
  },
];

const TEXTS: Record<MapCategory, string[]> = {
  punt_perillos: [
    "Aquesta rotonda és perillosa: els cotxes no respecten les bicis que hi entren.",
    "Cruïlla sense visibilitat; cal un pas elevat o un semàfor.",
    "Els camions hi passen molt a prop de les bicis. Cal separar el carril.",
    "Al vespre no s'hi veu gens: falta enllumenat en aquest tram.",
    "La baixada acaba en un revolt tancat i amb grava. Ja hi he vist caure dues persones.",
    "Els cotxes avancen les bicis en aquesta recta sense deixar el metre i mig.",
    "A la sortida del pont el voral desapareix de cop.",
    "Les arrels dels pins han aixecat l'asfalt del carril en diversos punts.",
  ],
  connexio: [
    "Falta connectar aquest punt amb l'estació: ara s'ha d'anar per la carretera.",
    "Si el carril arribés fins al polígon, molta gent hi aniria a treballar en bici.",
    "El camí s'acaba al torrent i no hi ha manera de passar a l'altra banda.",
    "Des d'aquí fins al centre hi ha poc més d'un quilòmetre, però cap camí segur.",
    "Un pas per sota de la via del tren estalviaria una volta de tres quilòmetres.",
    "Caldria enllaçar aquest camí amb el de l'institut.",
    "Una connexió entre els dos pobles per camins de vinya seria ideal.",
  ],
  aparcament: [
    "Falten aparcaments de bicis segurs, coberts i vigilats.",
    "Aquí hi caben deu bicis i sempre està ple.",
    "Un aparcament a prop del mercat animaria a venir-hi en bici.",
    "A l'institut hi ha més bicis que lloc per lligar-les.",
    "Al CAP no hi ha on deixar la bici: la lligo a la tanca.",
    "Caldria un aparcament tancat a l'estació per a qui fa el tram final en tren.",
    "Els suports actuals només aguanten la roda i la bici cau amb el vent.",
  ],
  senyalitzacio: [
    "No hi ha cap senyal que indiqui el camí cap a Sant Sadurní.",
    "Els senyals de la via verda estan trencats o tapats per la vegetació.",
    "Caldria pintar el carril: ara els cotxes hi aparquen.",
    "A la bifurcació no se sap quin camí porta a Vilafranca.",
    "Un plafó amb el mapa de la xarxa en aquesta plaça ajudaria molt els visitants.",
    "La via verda no està indicada des de la carretera: costa trobar-ne l'entrada.",
    "Falta un senyal que avisi els cotxes que aquí hi creuen bicis.",
  ],
  altres: [
    "Una font i un banc en aquest punt serien molt útils.",
    "Aquest tram és preciós per passejar amb la canalla.",
    "M'agradaria que s'hi fessin sortides guiades en bici.",
    "Un punt per inflar les rodes i petites reparacions aniria molt bé aquí.",
    "Una mica d'ombra en aquest tram faria més agradables els trajectes d'estiu.",
    "Seria un bon lloc per a una zona de descans amb vistes a les vinyes.",
    "Caldria netejar més sovint les fulles i el fang que s'hi acumulen a la tardor.",
  ],
};

/** A few dozen comments along the network (deterministic: the same seed gives the same rows). */
export function seedMapComments(): {
  seed: string;
  comment: string;
  category: MapCategory;
  lat: number;
  lng: number;
  municipality: string;
  daysAgo: number;
}[] {
  const points = [...PROPOSED, ...EXISTING].flatMap((l) => l.coords.slice(0, -1).map((c, i) => [c, l.coords[i + 1]!] as const));
  const out = [];
  for (let i = 0; i < 36; i++) {
    const [a, b] = points[(i * 7) % points.length]!;
    const t = ((i * 37) % 100) / 100;
    // A little off the line, as a finger places a pin.
    const lng = roundCoord(a[0] + (b[0] - a[0]) * t + (((i * 13) % 9) - 4) * 0.0004);
    const lat = roundCoord(a[1] + (b[1] - a[1]) * t + (((i * 17) % 9) - 4) * 0.0003);
    const category = MAP_CATEGORIES[i % MAP_CATEGORIES.length]!;
    const texts = TEXTS[category];
    out.push({
      seed: `map-comment:${i}`,
      // Each comment its own text: the categories take turns, and each one goes through its texts.
      comment: texts[Math.floor(i / MAP_CATEGORIES.length) % texts.length]!,
      category,
      lat,
      lng,
      municipality: nearestMunicipality(lat, lng),
      daysAgo: 40 - i,
    });
  }
  return out;
}
