import { afterEach, describe, expect, it, vi } from "vitest";
import { CAMPAIGN, DEFAULT_CONSULTATION, type Consultation } from "./campaign";
import { consultationState, dayInCatalonia, endOfDayInCatalonia, nextDay } from "./consultation";
import { fixClock, movedClock } from "~/test/clock";

// The deadline rules (decision 050), on a clock fixed by each test (decision 015): every date here
// is relative to that clock, and the guard run moves it a year ahead and to UTC+14.

const day = (from: string, days: number) => new Date(Date.parse(`${from}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const calendar = (c: Partial<Consultation>): Consultation => ({ ...DEFAULT_CONSULTATION, ...c });

afterEach(() => {
  vi.useRealTimers();
});

describe("the consultation's deadline", () => {
  it("open until the end of its last day in Catalonia; closed by itself the next day, naming no deadline", () => {
    // 23:30 in Madrid in winter (UTC+1) is still the last day; 00:30 is the day after.
    const last = "2030-01-15";
    fixClock("2030-01-15T22:30:00Z");
    expect(consultationState(calendar({ closesOn: last }))).toMatchObject({ open: true, deadline: last, daysLeft: 0, endingSoon: true });
    fixClock("2030-01-15T23:30:00Z");
    expect(consultationState(calendar({ closesOn: last }))).toEqual({
      open: false,
      closedBy: "date",
      closedOn: last,
      deadline: null,
      daysLeft: null,
      extended: false,
      needsDate: false,
      endingSoon: false,
    });
    // In summer (UTC+2) the day ends at 22:00 UTC.
    expect(consultationState(calendar({ closesOn: "2030-07-15" }), new Date("2030-07-15T21:59:00Z")).open).toBe(true);
    expect(consultationState(calendar({ closesOn: "2030-07-15" }), new Date("2030-07-15T22:00:00Z")).open).toBe(false);
  });

  it("a date that has passed: closed, on any clock", () => {
    const now = fixClock(movedClock() ?? new Date());
    const today = dayInCatalonia(now);
    expect(consultationState(calendar({ closesOn: day(today, -1) }))).toMatchObject({ open: false, closedBy: "date", deadline: null });
    expect(consultationState(calendar({ closesOn: day(today, 30) }))).toMatchObject({
      open: true,
      deadline: day(today, 30),
      daysLeft: 30,
      endingSoon: false,
    });
  });

  it("warns from 14 days ahead", () => {
    const today = dayInCatalonia(fixClock(movedClock() ?? new Date()));
    expect(consultationState(calendar({ closesOn: day(today, 15) })).endingSoon).toBe(false);
    expect(consultationState(calendar({ closesOn: day(today, 14) }))).toMatchObject({ endingSoon: true, daysLeft: 14 });
  });

  it("a pròrroga keeps it open past the closing date, and becomes the deadline; then it closes too", () => {
    const today = dayInCatalonia(fixClock(movedClock() ?? new Date()));
    const extended = calendar({ closesOn: day(today, -10), extendedTo: day(today, 20) });
    expect(consultationState(extended)).toMatchObject({ open: true, deadline: day(today, 20), daysLeft: 20, extended: true });
    // A pròrroga before the closing date extends nothing.
    expect(consultationState(calendar({ closesOn: day(today, 5), extendedTo: day(today, 2) }))).toMatchObject({
      deadline: day(today, 5),
      extended: false,
    });
    expect(consultationState(calendar({ closesOn: day(today, -10), extendedTo: day(today, -1) }))).toMatchObject({
      open: false,
      closedBy: "date",
      closedOn: day(today, -1),
    });
  });

  it("closed by staff whatever the date", () => {
    const today = dayInCatalonia(fixClock(movedClock() ?? new Date()));
    expect(consultationState(calendar({ closesOn: day(today, 30), open: false }))).toMatchObject({
      open: false,
      closedBy: "staff",
      deadline: null,
    });
  });

  it("a fresh site: the campaign's default date while it is ahead; once it has passed, open with no deadline, asking for one", () => {
    const fresh = DEFAULT_CONSULTATION;
    const before = new Date(`${day(CAMPAIGN.consultationClosesOn, -3)}T10:00:00Z`);
    expect(consultationState(fresh, before)).toMatchObject({ open: true, deadline: CAMPAIGN.consultationClosesOn, needsDate: false });
    const after = new Date(`${day(CAMPAIGN.consultationClosesOn, 1)}T10:00:00Z`);
    expect(consultationState(fresh, after)).toMatchObject({ open: true, deadline: null, needsDate: true, endingSoon: false });
    // Today's clock (the default is long past): the same.
    fixClock(movedClock() ?? new Date());
    expect(consultationState(fresh)).toMatchObject({ open: true, deadline: null, needsDate: true });
    // A pròrroga without a closing date extends nothing.
    expect(consultationState({ ...fresh, extendedTo: day(dayInCatalonia(), 5) }, after)).toMatchObject({ deadline: null, needsDate: true });
  });

  it("the Catalan day's end, across the change of time", () => {
    expect(nextDay("2030-12-31")).toBe("2031-01-01");
    expect(new Date(endOfDayInCatalonia(Date.parse("2030-01-15T10:00:00Z"))).toISOString()).toBe("2030-01-15T23:00:00.000Z");
    expect(new Date(endOfDayInCatalonia(Date.parse("2030-07-15T10:00:00Z"))).toISOString()).toBe("2030-07-15T22:00:00.000Z");
    // 23:30 UTC on 15 January is already the 16th in Madrid.
    expect(new Date(endOfDayInCatalonia(Date.parse("2030-01-15T23:30:00Z"))).toISOString()).toBe("2030-01-16T23:00:00.000Z");
    // The night summer time starts (30 March 2030): that day ends at 22:00 UTC.
    expect(new Date(endOfDayInCatalonia(Date.parse("2030-03-31T10:00:00Z"))).toISOString()).toBe("2030-03-31T22:00:00.000Z");
  });
});
