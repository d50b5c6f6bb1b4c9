// A testimonial's audio is checked as a whole (issue 19, defect 4): its first bytes only told its
// type, so a WebM header followed by 5 MB of random bytes was stored. Each accepted container is
// walked from its first byte to its last: every element, box, page, chunk or frame must be well
// formed and they must fill the file exactly, with the sound in it (the blocks, samples, pages or
// frames that make its duration). The duration comes from the sound itself (the last block's time,
// the last page's granule, the samples' durations, the frames' count), not from a header alone.
// Anything else (random bytes, a truncated or padded file, a file with a video track) is refused.
// The codec's data is not decoded: noise in valid frames is a valid recording of noise.

import { vint as vintOrNull } from "~/lib/webm-duration";

export interface AudioFacts {
  /** The sound's length, in seconds. */
  seconds: number;
}

/** Thrown inside a walker: the file is not what its first bytes said. */
class Malformed extends Error {}
const fail = (why: string): never => {
  throw new Malformed(why);
};
const need = (ok: boolean, why: string) => ok || fail(why);

/** What the whole file holds, or null when it is not a well-formed recording of that type (one of
 * the types testimonials are stored as: audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav). */
export function inspectAudio(bytes: Buffer, type: string): AudioFacts | null {
  const walk = WALKERS[type];
  if (!walk) return null;
  try {
    const seconds = walk(bytes);
    return Number.isFinite(seconds) && seconds >= 0 ? { seconds } : null;
  } catch (err) {
    if (err instanceof Malformed || err instanceof RangeError) return null;
    throw err;
  }
}

const WALKERS: Record<string, (b: Buffer) => number> = {
  "audio/webm": walkMatroska,
  "audio/ogg": walkOgg,
  "audio/mp4": walkMp4,
  "audio/mpeg": walkMp3,
  "audio/wav": walkWav,
};

// ---- Matroska / WebM (EBML) ----

/** Level-1 elements of a Segment. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469, 0x1f43b675, 0xec, 0xbf,
]);
const CLUSTER = 0x1f43b675;
/** Children of a Cluster: Timestamp, SimpleBlock, BlockGroup, Position, PrevSize, Void, CRC-32, SilentTracks, EncryptedBlock. */
const CLUSTER_CHILDREN = new Set([0xe7, 0xa3, 0xa0, 0xa7, 0xab, 0xec, 0xbf, 0x5854, 0xaf]);
/** A block holds a few audio frames: kilobytes, never more than this. */
const MAX_BLOCK_BYTES = 64 * 1024;

function vint(b: Buffer, at: number, id: boolean): { value: number; length: number; unknown: boolean } {
  const read = vintOrNull(b, at, id) ?? fail(b[at] === 0 ? "bad vint" : "truncated");
  need(!id || read.length <= 4, "bad vint");
  return read;
}

interface Element {
  id: number;
  start: number;
  end: number;
  unknown: boolean;
}
function element(b: Buffer, at: number, limit: number): Element {
  const id = vint(b, at, true);
  const size = vint(b, at + id.length, false);
  const start = at + id.length + size.length;
  const end = size.unknown ? limit : start + size.value;
  need(end <= limit, "element past its parent");
  return { id: id.value, start, end, unknown: size.unknown };
}
const uint = (b: Buffer, e: Element) => {
  need(e.end - e.start <= 6, "integer too long");
  let v = 0;
  for (let i = e.start; i < e.end; i++) v = v * 256 + b[i]!;
  return v;
};
function* children(b: Buffer, parent: Element) {
  for (let at = parent.start; at < parent.end;) {
    const e = element(b, at, parent.end);
    yield e;
    at = e.end;
  }
}

function walkMatroska(b: Buffer): number {
  const header = element(b, 0, b.length);
  need(header.id === 0x1a45dfa3 && !header.unknown, "no EBML header");
  let docType = "";
  for (const e of children(b, header)) if (e.id === 0x4282) docType = b.toString("latin1", e.start, e.end);
  need(docType === "webm" || docType === "matroska", "not a WebM");
  const segment = element(b, header.end, b.length);
  need(segment.id === 0x18538067 && segment.end === b.length, "the segment does not fill the file");

  let scale = 1_000_000; // ns per tick
  const audioTracks = new Set<number>();
  let clusterTime = 0;
  let last = -1;
  let blocks = 0;
  const block = (e: Element) => {
    need(e.end - e.start <= MAX_BLOCK_BYTES, "block too large");
    const track = vint(b, e.start, false);
    need(audioTracks.has(track.value), "block of no audio track");
    need(e.start + track.length + 3 <= e.end, "truncated block");
    last = Math.max(last, clusterTime + b.readInt16BE(e.start + track.length));
    blocks++;
  };
  for (let at = segment.start; at < segment.end;) {
    const e = element(b, at, segment.end);
    need(SEGMENT_CHILDREN.has(e.id), "unknown element in the segment");
    if (e.id === 0x1549a966) for (const c of children(b, e)) if (c.id === 0x2ad7b1) scale = uint(b, c);
    if (e.id === 0x1654ae6b) {
      for (const entry of children(b, e)) {
        if (entry.id !== 0xae) continue;
        let number = 0;
        let kind = 0;
        for (const c of children(b, entry)) {
          if (c.id === 0xd7) number = uint(b, c);
          if (c.id === 0x83) kind = uint(b, c);
        }
        need(kind === 2 && number > 0, "a track that is not audio");
        audioTracks.add(number);
      }
    }
    if (e.id !== CLUSTER) {
      need(!e.unknown, "unknown size outside a cluster");
      at = e.end;
      continue;
    }
    need(audioTracks.size > 0, "a cluster before the tracks");
    // A cluster of unknown size (as MediaRecorder writes them) ends where the next level-1 element
    // begins. So does one whose size runs over the following clusters, as fix-webm-duration (the
    // recorder's until issue 27, and many sites') sized the first one: the walk goes on at the
    // segment's level, where every byte is still checked, to the segment's end.
    let inner = e.start;
    while (inner < e.end) {
      const c = element(b, inner, e.end);
      if (SEGMENT_CHILDREN.has(c.id) && !CLUSTER_CHILDREN.has(c.id)) break;
      need(CLUSTER_CHILDREN.has(c.id) && !c.unknown, "unknown element in a cluster");
      if (c.id === 0xe7) clusterTime = uint(b, c);
      if (c.id === 0xa3) block(c);
      if (c.id === 0xa0) for (const g of children(b, c)) if (g.id === 0xa1) block(g);
      inner = c.end;
    }
    at = inner;
  }
  need(blocks > 0, "no sound");
  return (Math.max(0, last) * scale) / 1e9;
}

// ---- Ogg (Opus or Vorbis) ----

const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

function walkOgg(b: Buffer): number {
  let serial: number | null = null;
  let rate = 0;
  let preSkip = 0;
  let granule = -1;
  let pages = 0;
  for (let at = 0; at < b.length;) {
    need(b.toString("latin1", at, at + 4) === "OggS" && b[at + 4] === 0, "not an Ogg page");
    const segments = b[at + 26] ?? fail("truncated");
    let size = 27 + segments;
    for (let i = 0; i < segments; i++) size += b[at + 27 + i] ?? fail("truncated");
    need(at + size <= b.length, "truncated page");
    const page = b.subarray(at, at + size);
    need(oggCrc(page) === page.readUInt32LE(22), "bad page checksum");
    need(serial === null || page.readUInt32LE(14) === serial, "more than one stream");
    serial = page.readUInt32LE(14);
    const body = page.subarray(27 + segments);
    if (pages === 0) {
      if (body.toString("latin1", 0, 8) === "OpusHead") {
        rate = 48000;
        preSkip = body.readUInt16LE(10);
      } else if (body.toString("latin1", 0, 7) === "\x01vorbis") rate = body.readUInt32LE(12);
      need(rate > 0, "neither Opus nor Vorbis");
    }
    const g = page.readBigInt64LE(6);
    if (g >= 0n) granule = Number(g);
    pages++;
    at += size;
  }
  need(pages >= 3 && granule > preSkip, "no sound");
  return (granule - preSkip) / rate;
}

// ---- MP4 / M4A (ISO base media) ----

const TOP_BOXES = new Set([
  "ftyp",
  "moov",
  "mdat",
  "free",
  "skip",
  "wide",
  "moof",
  "mfra",
  "styp",
  "sidx",
  "uuid",
  "meta",
  "pdin",
  "prft",
  "emsg",
  "udta",
]);
const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "mvex", "moof", "traf", "edts", "dinf"]);

interface Box {
  type: string;
  start: number;
  end: number;
}
function* boxes(b: Buffer, from: number, to: number): Generator<Box> {
  for (let at = from; at < to;) {
    need(at + 8 <= to, "truncated box");
    let size = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      need(at + 16 <= to, "truncated box");
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    need(size >= header && at + size <= to, "box past its parent");
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function walkMp4(b: Buffer): number {
  let mdatBytes = 0;
  let sampleBytes = 0;
  let seconds = 0;
  let fragmentTicks = 0;
  let timescale = 0;
  let defaults = { duration: 0, size: 0 };
  let sawMoov = false;
  let first = true;
  const visit = (box: Box, path: string) => {
    if (CONTAINERS.has(box.type)) {
      for (const child of boxes(b, box.start, box.end)) visit(child, `${path}/${child.type}`);
      return;
    }
    const v = b[box.start] ?? 0;
    const body = box.start + 4; // after a full box's version and flags
    switch (path) {
      case "/moov/mvhd":
        seconds =
          v === 1 ? Number(b.readBigUInt64BE(body + 20)) / b.readUInt32BE(body + 16) : b.readUInt32BE(body + 12) / b.readUInt32BE(body + 8);
        break;
      case "/moov/trak/mdia/mdhd":
        timescale = b.readUInt32BE(v === 1 ? body + 16 : body + 8);
        break;
      case "/moov/trak/mdia/hdlr":
        need(b.toString("latin1", body + 4, body + 8) === "soun", "a track that is not audio");
        break;
      case "/moov/trak/mdia/minf/stbl/stsz": {
        const fixed = b.readUInt32BE(body);
        const count = b.readUInt32BE(body + 4);
        if (fixed) sampleBytes += fixed * count;
        else {
          need(body + 8 + 4 * count <= box.end, "truncated sample table");
          for (let i = 0; i < count; i++) sampleBytes += b.readUInt32BE(body + 8 + 4 * i);
        }
        break;
      }
      case "/moov/mvex/trex":
        defaults = { duration: b.readUInt32BE(body + 8), size: b.readUInt32BE(body + 12) };
        break;
      case "/moof/traf/tfhd": {
        const flags = b.readUIntBE(box.start + 1, 3);
        let at = body + 4 + (flags & 1 ? 8 : 0) + (flags & 2 ? 4 : 0);
        if (flags & 8) defaults = { ...defaults, duration: b.readUInt32BE(at) };
        at += flags & 8 ? 4 : 0;
        if (flags & 0x10) defaults = { ...defaults, size: b.readUInt32BE(at) };
        break;
      }
      case "/moof/traf/trun": {
        const flags = b.readUIntBE(box.start + 1, 3);
        const count = b.readUInt32BE(body);
        let at = body + 4 + (flags & 1 ? 4 : 0) + (flags & 4 ? 4 : 0);
        for (let i = 0; i < count; i++) {
          need(at <= box.end, "truncated run");
          fragmentTicks += flags & 0x100 ? b.readUInt32BE(at) : defaults.duration;
          at += flags & 0x100 ? 4 : 0;
          sampleBytes += flags & 0x200 ? b.readUInt32BE(at) : defaults.size;
          at += (flags & 0x200 ? 4 : 0) + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
        }
        need(at <= box.end, "truncated run");
        break;
      }
    }
  };
  for (const box of boxes(b, 0, b.length)) {
    need(first ? box.type === "ftyp" : TOP_BOXES.has(box.type), "not an MP4 box");
    first = false;
    if (box.type === "moov") sawMoov = true;
    if (box.type === "mdat") mdatBytes += box.end - box.start;
    else visit(box, `/${box.type}`);
  }
  need(sawMoov && sampleBytes > 0, "no sound");
  // The sound data holds the samples and nothing else of size (a little slack for alignment).
  need(sampleBytes <= mdatBytes && mdatBytes - sampleBytes <= 4096, "the media data is not the samples");
  if (fragmentTicks > 0 && timescale > 0) seconds = Math.max(seconds, fragmentTicks / timescale);
  return seconds;
}

// ---- MP3 (MPEG audio frames) ----

/** kbps by layer (1, 2, 3) and bitrate index: MPEG-1, and MPEG-2/2.5. */
const MP3_BITRATES = {
  v1: [
    [],
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const MP3_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** A frame's length and samples, from its 4-byte header; null when the bytes are not one. */
function mp3Frame(b: Buffer, at: number): { length: number; samples: number; rate: number } | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3;
  const layerBits = (b[at + 1]! >> 1) & 3;
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const layer = 4 - layerBits; // 1, 2 or 3
  const rate = MP3_RATES[version]![rateIndex]!;
  const kbps = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[layer]![bitrateIndex]!;
  const padding = (b[at + 2]! >> 1) & 1;
  if (layer === 1) return { length: (Math.floor((12 * kbps * 1000) / rate) + padding) * 4, samples: 384, rate };
  const samples = layer === 3 && version !== 3 ? 576 : 1152;
  return { length: Math.floor(((samples / 8) * kbps * 1000) / rate) + padding, samples, rate };
}

function walkMp3(b: Buffer): number {
  let at = 0;
  if (b.toString("latin1", 0, 3) === "ID3") {
    need(b.length >= 10, "truncated tag");
    const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
    at = 10 + size + (b[5]! & 0x10 ? 10 : 0);
  }
  let seconds = 0;
  let frames = 0;
  const end = b.length >= 128 && b.toString("latin1", b.length - 128, b.length - 125) === "TAG" ? b.length - 128 : b.length;
  while (at < end) {
    const frame = mp3Frame(b, at) ?? fail("not an MPEG audio frame");
    if (at + frame.length > end) {
      // The last frame may be cut short (a recorder stopped mid-frame), never anything else.
      need(frames > 0, "no sound");
      break;
    }
    seconds += frame.samples / frame.rate;
    frames++;
    at += frame.length;
  }
  need(frames > 0, "no sound");
  return seconds;
}

// ---- WAV (RIFF) ----

function walkWav(b: Buffer): number {
  need(b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WAVE", "not a WAV");
  need(b.readUInt32LE(4) + 8 === b.length, "the RIFF size is not the file's");
  let byteRate = 0;
  let dataBytes = -1;
  for (let at = 12; at < b.length;) {
    need(at + 8 <= b.length, "truncated chunk");
    const id = b.toString("latin1", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const next = at + 8 + size + (size % 2);
    need(next <= b.length + (size % 2) && /^[\x20-\x7e]{4}$/.test(id), "bad chunk");
    if (id === "fmt ") {
      need(size >= 16, "short format");
      const channels = b.readUInt16LE(at + 10);
      const rate = b.readUInt32LE(at + 12);
      byteRate = b.readUInt32LE(at + 16);
      need(channels >= 1 && channels <= 8 && rate >= 1000 && rate <= 384000 && byteRate > 0, "bad format");
    }
    if (id === "data") {
      need(byteRate > 0, "data before the format");
      dataBytes = size;
    }
    at = next;
  }
  need(dataBytes > 0, "no sound");
  return dataBytes / byteRate;
}
