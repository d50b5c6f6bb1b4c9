import { describe, expect, it } from "vitest";
import { CAPTIONS_MESSAGES, checkWebVtt } from "./webvtt";

const enc = (s: string) => new TextEncoder().encode(s);

describe("checkWebVtt", () => {
  it("takes a well-formed file: a header, cues with and without hours, settings, a BOM, CRLF", () => {
    expect(checkWebVtt(enc("WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHola\n\n1\n00:01:00.500 --> 01:00:02.000 line:0\nAdéu\n"))).toEqual({
      ok: true,
      cues: 2,
    });
    expect(checkWebVtt(enc("\uFEFFWEBVTT - subtítols\r\n\r\n00:01.000 --> 00:02.000\r\nBon dia\r\n"))).toEqual({ ok: true, cues: 1 });
  });

  it("refuses, in Catalan, what a browser cannot show", () => {
    expect(checkWebVtt(enc("1\n00:00:01,000 --> 00:00:04,000\nHola\n"))).toEqual({ ok: false, error: CAPTIONS_MESSAGES.header });
    expect(checkWebVtt(enc("WEBVTTX\n\n00:00:01.000 --> 00:00:04.000\nx"))).toEqual({ ok: false, error: CAPTIONS_MESSAGES.header });
    expect(checkWebVtt(enc("WEBVTT\n\n00:00:01,000 --> 00:00:04,000\nHola\n"))).toEqual({ ok: false, error: CAPTIONS_MESSAGES.timing(3) });
    expect(checkWebVtt(enc("WEBVTT\n\n00:61:01.000 --> 00:62:04.000\nHola\n"))).toEqual({ ok: false, error: CAPTIONS_MESSAGES.timing(3) });
    expect(checkWebVtt(enc("WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nHola\n"))).toEqual({ ok: false, error: CAPTIONS_MESSAGES.order(3) });
    expect(checkWebVtt(enc("WEBVTT\n\nNOTE res\n"))).toEqual({ ok: false, error: CAPTIONS_MESSAGES.noCues });
    expect(checkWebVtt(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toEqual({
      ok: false,
      error: CAPTIONS_MESSAGES.encoding,
    });
  });
});
