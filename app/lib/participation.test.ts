import { describe, expect, it } from "vitest";
import { categoryEnum } from "~/db/schema";
import { categories } from "~/domain/themes";
import {
  checkPublicForm,
  clampDuration,
  fieldErrors,
  formBytes,
  LIMITS,
  mapCommentSchema,
  MESSAGES,
  newsletterSchema,
  readTranscript,
  reflectionSchema,
  testimonialSchema,
} from "./participation";
import { sayIn } from "~/test/i18n";

// The schemas the forms and the actions share (the actions are tested against the database
// in participation.server.test.ts).

const errors = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

it("the database's category enum is the domain's list of themes", () => {
  expect(categoryEnum.enumValues).toEqual([...categories]);
});

describe("newsletterSchema", () => {
  it("needs an e-mail and the privacy box, with the spec's one message", () => {
    expect(errors(newsletterSchema.safeParse({}))).toEqual({ email: MESSAGES.newsletterRequired });
    expect(errors(newsletterSchema.safeParse({ email: "a@b.cat" }))).toEqual({ privacy: MESSAGES.newsletterRequired });
    expect(errors(newsletterSchema.safeParse({ email: "a@b", privacy: "on" }))).toEqual({ email: MESSAGES.emailInvalid });
    expect(errors(newsletterSchema.safeParse({ email: 42, privacy: "on" }))).toEqual({ email: MESSAGES.newsletterRequired });
    expect(newsletterSchema.parse({ email: " a@b.cat ", privacy: "on" })).toEqual({ email: "a@b.cat", privacyAccepted: true });
  });
});

it("checkPublicForm applies a form's schema to its FormData, as the browser does before sending", () => {
  const data = new FormData();
  data.set("comment", "  ");
  expect(checkPublicForm("mapComment", data)).toEqual({ comment: MESSAGES.commentEmpty, privacy: MESSAGES.commentPrivacy });
  data.set("comment", "Hola");
  data.set("privacy", "on");
  expect(checkPublicForm("mapComment", data)).toEqual({});
});

describe("mapCommentSchema", () => {
  it("trims the comment, needs the box, and makes an empty e-mail null", () => {
    expect(errors(mapCommentSchema.safeParse({ comment: " ", email: "" }))).toEqual({
      comment: MESSAGES.commentEmpty,
      privacy: MESSAGES.commentPrivacy,
    });
    const noPlace = { pin: null, segment: null, category: null, municipality: null, answerConsent: false };
    expect(mapCommentSchema.parse({ comment: " Hola ", email: "  ", privacy: "on" })).toEqual({ comment: "Hola", email: null, ...noPlace });
    expect(mapCommentSchema.parse({ comment: "Hola", email: " x@y.cat ", privacy: "true" })).toEqual({
      comment: "Hola",
      email: "x@y.cat",
      ...noPlace,
    });
    // A pin is rounded to 5 decimals (about a metre); a segment wins over a pin.
    expect(mapCommentSchema.parse({ comment: "Hola", privacy: "on", lat: "41.346204999", lng: "1.6979551" }).pin).toEqual({
      lat: 41.3462,
      lng: 1.69796,
    });
    expect(
      mapCommentSchema.parse({
        comment: "Hola",
        privacy: "on",
        lat: "41.3",
        lng: "1.6",
        segment: "0b6f3e4c-6f58-4d7a-9d55-6a1c1e0f0a01:3",
      }),
    ).toMatchObject({ pin: null, segment: "0b6f3e4c-6f58-4d7a-9d55-6a1c1e0f0a01:3" });
  });
});

describe("reflectionSchema", () => {
  it("needs the text; consent only with an e-mail; empty name and e-mail are null", () => {
    expect(errors(reflectionSchema.safeParse({ reflection: "" }))).toEqual({ reflection: MESSAGES.reflectionRequired });
    expect(errors(reflectionSchema.safeParse({ reflection: "Hola", email: "x@y.cat" }))).toEqual({ privacy: MESSAGES.reflectionConsent });
    expect(reflectionSchema.parse({ reflection: "Hola", name: "", email: "", privacy: "on" })).toEqual({
      reflection: "Hola",
      name: null,
      email: null,
      privacyAccepted: false,
      answerConsent: false,
      municipality: null,
    });
  });

  it("takes an optional municipality of the list (issue 32), and refuses another", () => {
    expect(reflectionSchema.parse({ reflection: "Hola", municipality: "Gelida" }).municipality).toBe("Gelida");
    expect(reflectionSchema.parse({ reflection: "Hola", municipality: " " }).municipality).toBeNull();
    expect(errors(reflectionSchema.safeParse({ reflection: "Hola", municipality: "gelida" }))).toEqual({
      municipality: MESSAGES.municipalityInvalid,
    });
    const testimonial = { title: "Hola", category: "infants", terms: "on" };
    expect(testimonialSchema.parse({ ...testimonial, municipality: "Olèrdola" }).municipality).toBe("Olèrdola");
    expect(errors(testimonialSchema.safeParse({ ...testimonial, municipality: "Barcelona" }))).toEqual({
      municipality: MESSAGES.municipalityInvalid,
    });
  });
});

describe("testimonialSchema", () => {
  it("gives the forced-submit message when anything is missing, and refuses a forged category", () => {
    for (const input of [
      {},
      { title: " ", category: "infants", terms: "on" },
      { title: "Hola", category: "infants" },
      { title: "Hola", terms: "on" },
    ]) {
      expect(errors(testimonialSchema.safeParse(input))).toEqual({ form: MESSAGES.testimonialMissing.description });
    }
    expect(errors(testimonialSchema.safeParse({ title: "Hola", category: "aprovat", terms: "on" }))).toEqual({
      category: MESSAGES.categoryInvalid,
    });
    expect(errors(testimonialSchema.safeParse({ title: "x".repeat(101), category: "infants", terms: "on" }))).toEqual({
      title: MESSAGES.titleTooLong,
    });
    expect(testimonialSchema.parse({ title: " Hola ", category: "infants", terms: "on", status: "published" })).toEqual({
      title: "Hola",
      category: "infants",
      duration: null,
      transcript: null,
      municipality: null,
    });
  });

  it("takes an optional transcript (issue 33): trimmed, line breaks as \\n, at most LIMITS.transcript characters, clean text only", () => {
    const base = { title: "Hola", category: "infants", terms: "on" };
    expect(testimonialSchema.parse({ ...base, transcript: "  Vaig en bici.\r\nCada dia.  " }).transcript).toBe("Vaig en bici.\nCada dia.");
    expect(testimonialSchema.parse({ ...base, transcript: "   " }).transcript).toBeNull();
    expect(testimonialSchema.parse({ ...base, transcript: "x".repeat(LIMITS.transcript) }).transcript).toHaveLength(LIMITS.transcript);
    expect(errors(testimonialSchema.safeParse({ ...base, transcript: "x".repeat(LIMITS.transcript + 1) }))).toEqual({
      transcript: MESSAGES.transcriptTooLong,
    });
    for (const unclean of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "\u202Eevil", "bad \uFFFD bytes"])
      expect(errors(testimonialSchema.safeParse({ ...base, transcript: unclean }))).toEqual({ transcript: MESSAGES.transcriptInvalid });
    expect(readTranscript(42)).toEqual({ ok: false, error: "invalid" });
    expect(readTranscript(undefined)).toEqual({ ok: true, transcript: null });
    // Tabs, accents and emoji are text.
    expect(readTranscript("L'àvia\tdiu: 🚲")).toEqual({ ok: true, transcript: "L'àvia\tdiu: 🚲" });
  });

  it("clamps the duration to 0..60 seconds", () => {
    expect([
      clampDuration("12.4"),
      clampDuration("61"),
      clampDuration("-3"),
      clampDuration(""),
      clampDuration("abc"),
      clampDuration(undefined),
    ]).toEqual([12, 60, 0, null, null, null]);
  });
});

describe("LIMITS", () => {
  it("the messages that name a limit read it from LIMITS, word for word as before", () => {
    expect(
      [MESSAGES.commentTooLong, MESSAGES.reflectionTooLong, MESSAGES.nameTooLong, MESSAGES.titleTooLong, MESSAGES.audioTooLarge].map(
        (key) => sayIn("ca", key),
      ),
    ).toEqual([
      "El comentari pot tenir com a màxim 2000 caràcters.",
      "La reflexió pot tenir com a màxim 5000 caràcters.",
      "El nom pot tenir com a màxim 100 caràcters.",
      "El missatge pot tenir com a màxim 100 caràcters.",
      "L'àudio és massa gran (màxim 5 MB).",
    ]);
  });

  it("a reflection form filled to every limit with the widest characters fits its byte budget", () => {
    const body = new URLSearchParams({
      website: "",
      reflection: "€".repeat(LIMITS.reflection),
      name: "€".repeat(LIMITS.name),
      email: "€".repeat(LIMITS.email),
      privacy: "on",
    }).toString();
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(formBytes(LIMITS.reflection, LIMITS.name, LIMITS.email));
  });
});
