import { describe, expect, it } from "vitest";
import { activityIcs } from "~/infra/ics.server";

/** A small RFC 5545 reader: unfolds the lines and reads each property's name, parameters and value. */
function parse(ics: string) {
  expect(ics.endsWith("\r\n")).toBe(true);
  const lines = ics.split("\r\n").slice(0, -1);
  for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const unfolded = ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .slice(0, -1);
  return unfolded.map((line) => {
    const colon = line.indexOf(":");
    const [name, ...params] = line.slice(0, colon).split(";");
    return { name, params, value: line.slice(colon + 1) };
  });
}
const unescape = (v: string) => v.replace(/\\n/g, "\n").replace(/\\([,;\\])/g, "$1");

describe("activityIcs", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("is a calendar with one all-day event: the activity's date, title and link", () => {
    const props = parse(
      activityIcs(
        {
          id: "0b5f0d8e-8a4c-4c4e-9d57-6f1f0c2d9a11",
          title: "Bicicletada popular, per la xarxa; de carrils",
          date: "2026-12-31",
          description: "Sortida des de l'estació de Vilafranca.\nPorta casc!",
          linkUrl: "https://www.ccapenedes.cat/agenda",
        },
        { pageUrl: "https://bici.example.cat/#agenda", now },
      ),
    );
    const names = props.map((p) => p.name);
    expect(names.slice(0, 2)).toEqual(["BEGIN", "VERSION"]);
    expect(props[0]?.value).toBe("VCALENDAR");
    expect(names.at(-1)).toBe("END");
    expect(props.filter((p) => p.name === "BEGIN").map((p) => p.value)).toEqual(["VCALENDAR", "VEVENT"]);
    const get = (name: string) => props.find((p) => p.name === name)!;
    expect(get("VERSION").value).toBe("2.0");
    expect(get("PRODID").value).toMatch(/^-\/\/Consell Comarcal del Penedès\/\/.+\/\/CA$/);
    expect(get("UID").value).toBe("activitat-0b5f0d8e-8a4c-4c4e-9d57-6f1f0c2d9a11@bici.example.cat");
    expect(get("DTSTAMP").value).toBe("20261123T100000Z");
    expect(get("DTSTART")).toMatchObject({ params: ["VALUE=DATE"], value: "20261231" });
    // The end is exclusive: the day after, across the year's end.
    expect(get("DTEND")).toMatchObject({ params: ["VALUE=DATE"], value: "20270101" });
    expect(unescape(get("SUMMARY").value)).toBe("Bicicletada popular, per la xarxa; de carrils");
    expect(unescape(get("DESCRIPTION").value)).toContain("Sortida des de l'estació de Vilafranca.\nPorta casc!");
    expect(get("URL").value).toBe("https://www.ccapenedes.cat/agenda");
  });

  it("links to the site's agenda when the activity has no link, and folds long lines", () => {
    const ics = activityIcs(
      { id: "x", title: "Ruta entre vinyes ".repeat(8), date: "2026-02-28", description: null, linkUrl: null },
      { pageUrl: "http://127.0.0.1:3000/#agenda", now },
    );
    const props = parse(ics);
    expect(ics).toContain("\r\n ");
    expect(props.find((p) => p.name === "URL")!.value).toBe("http://127.0.0.1:3000/#agenda");
    expect(props.find((p) => p.name === "SUMMARY")!.value).toBe("Ruta entre vinyes ".repeat(8));
    expect(props.find((p) => p.name === "DTEND")!.value).toBe("20260301");
  });

  it("has no LOCATION and no time zone when the activity has no place and no time", () => {
    const ics = activityIcs(
      { id: "x", title: "Ruta", date: "2026-06-01", startTime: null, place: null, description: null, linkUrl: null },
      { pageUrl: "http://127.0.0.1:3000/#agenda", now },
    );
    const names = parse(ics).map((p) => p.name);
    expect(names).not.toContain("LOCATION");
    expect(names).not.toContain("TZID");
    expect(ics).not.toContain("VTIMEZONE");
  });

  it("starts at the activity's time in Europe/Madrid, with the zone described, and says where", () => {
    const ics = activityIcs(
      {
        id: "0b5f0d8e-8a4c-4c4e-9d57-6f1f0c2d9a11",
        title: "Bicicletada",
        date: "2026-07-04",
        startTime: "18:30:00",
        place: "Plaça de la Vila, Vilafranca del Penedès; sortida, davant l'ajuntament",
        description: null,
        linkUrl: null,
      },
      { pageUrl: "https://bici.example.cat/#agenda", now },
    );
    const props = parse(ics);
    const get = (name: string) => props.filter((p) => p.name === name);
    // The event's own start (the VTIMEZONE has DTSTARTs of its own, before the VEVENT).
    const event = props.slice(props.findIndex((p) => p.name === "BEGIN" && p.value === "VEVENT"));
    const start = event.find((p) => p.name === "DTSTART")!;
    expect(start).toMatchObject({ params: ["TZID=Europe/Madrid"], value: "20260704T183000" });
    // A start with a time and no end is the moment it starts (RFC 5545 §3.6.1): no all-day DTEND.
    expect(event.find((p) => p.name === "DTEND")).toBeUndefined();
    expect(unescape(event.find((p) => p.name === "LOCATION")!.value)).toBe(
      "Plaça de la Vila, Vilafranca del Penedès; sortida, davant l'ajuntament",
    );
    // The TZID the start names is defined in the file, before the event, with both of its offsets.
    expect(props.filter((p) => p.name === "BEGIN").map((p) => p.value)).toEqual([
      "VCALENDAR",
      "VTIMEZONE",
      "DAYLIGHT",
      "STANDARD",
      "VEVENT",
    ]);
    expect(get("TZID")[0]?.value).toBe("Europe/Madrid");
    expect(get("TZOFFSETTO").map((p) => p.value)).toEqual(["+0200", "+0100"]);
    expect(get("RRULE").map((p) => p.value)).toEqual(["FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"]);
  });

  it("reads a time written without seconds", () => {
    const ics = activityIcs(
      { id: "x", title: "Taller", date: "2026-01-10", startTime: "09:05", place: null, description: null, linkUrl: null },
      { pageUrl: "http://127.0.0.1:3000/#agenda", now },
    );
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260110T090500\r\n");
  });
});
