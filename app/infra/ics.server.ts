// One activity as an iCalendar file (RFC 5545), for 'Afegeix al calendari' in the agenda. An
// activity without a start time is an all-day event (VALUE=DATE, DTEND the day after, exclusive);
// with one, it starts at that local time in Europe/Madrid (TZID, with the zone's VTIMEZONE in the
// file as §3.2.19 asks) and has no end: the council gives none, and the RFC reads a start without
// an end as a moment (§3.6.1), which calendars show at its time. A place becomes LOCATION.

export interface CalendarActivity {
  id: string;
  title: string;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm or HH:mm:ss, local time in Europe/Madrid; null: all day */
  startTime?: string | null;
  place?: string | null;
  description: string | null;
  linkUrl: string | null;
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
const text = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets are folded: CRLF and a space (§3.1), never inside a character. */
function fold(line: string) {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const compactDate = (date: string) => date.replaceAll("-", "");

function nextDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Europe/Madrid since 1996: CET, and CEST from the last Sunday of March to the last of October. */
const MADRID = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Madrid",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** 18:30 or 18:30:00 -> 183000 */
const compactTime = (time: string) => `${time.slice(0, 2)}${time.slice(3, 5)}${time.slice(6, 8) || "00"}`;

const stamp = (now: Date) => `${now.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/** The calendar file of one activity; `pageUrl` is the agenda on the site (the event's link when
 * the activity has none of its own). */
export function activityIcs(activity: CalendarActivity, { pageUrl, now }: { pageUrl: string; now: Date }) {
  const host = new URL(pageUrl).host;
  const url = activity.linkUrl ?? pageUrl;
  const description = [activity.description, url].filter(Boolean).join("\n\n");
  const when = activity.startTime
    ? [`DTSTART;TZID=Europe/Madrid:${compactDate(activity.date)}T${compactTime(activity.startTime)}`]
    : [`DTSTART;VALUE=DATE:${compactDate(activity.date)}`, `DTEND;VALUE=DATE:${compactDate(nextDay(activity.date))}`];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Consell Comarcal del Penedès//Al Penedès\\, la bici ens mou!//CA",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(activity.startTime ? MADRID : []),
    "BEGIN:VEVENT",
    `UID:activitat-${activity.id}@${host}`,
    `DTSTAMP:${stamp(now)}`,
    ...when,
    `SUMMARY:${text(activity.title)}`,
    ...(activity.place ? [`LOCATION:${text(activity.place)}`] : []),
    `DESCRIPTION:${text(description)}`,
    `URL:${url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
