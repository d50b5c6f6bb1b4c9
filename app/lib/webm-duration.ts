// Chrome's MediaRecorder writes a WebM without a Duration: players show no length and cannot seek.
// This writes one into the Segment's Info and changes nothing else: the clusters stay as recorded,
// byte for byte (issue 27). The fix-webm-duration package, used before, also gave the first Cluster
// a size that ran over every following cluster, so any recording longer than a cluster (about a
// second) nested the others inside the first one, and the server refused it.
//
// The length is read from the sound itself: the last block's time plus one block's length.

const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const INFO = 0x1549a966;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;

interface Header {
  id: number;
  /** Where the element's content starts. */
  start: number;
  /** Its content's size, null when unknown (a live recording's Segment and Clusters). */
  size: number | null;
  /** Where its size is written, and in how many bytes. */
  sizeAt: number;
  sizeLength: number;
}

/** An EBML variable-length integer at `at`: an element's id (its marker bits kept) or a size (`unknown`
 * when all its bits are set), or null when the bytes end first or it has no marker. The server's
 * audio check reads the same integers (infra/audio-check.server.ts). */
export function vint(b: Uint8Array, at: number, id: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length || length > 8) return null;
  let value = id ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    allOnes &&= b[at + i] === 0xff;
  }
  return { value, length, unknown: !id && allOnes };
}

function header(b: Uint8Array, at: number): Header | null {
  const id = vint(b, at, true);
  const size = id && vint(b, at + id.length, false);
  if (!id || !size) return null;
  const start = at + id.length + size.length;
  return { id: id.value, start, size: size.unknown ? null : size.value, sizeAt: at + id.length, sizeLength: size.length };
}

const uint = (b: Uint8Array, from: number, to: number) => {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 256 + b[i]!;
  return v;
};

/** An EBML size in as few bytes as it takes (or in `length` bytes). */
function sizeBytes(value: number, length?: number): Uint8Array | null {
  let n = length ?? 1;
  while (!length && n < 8 && value >= 2 ** (7 * n) - 1) n++;
  if (value >= 2 ** (7 * n) - 1) return null;
  const out = new Uint8Array(n);
  let v = value;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (n - 1);
  return out;
}

/** The times (in the file's ticks) of the last two distinct blocks, walking every cluster, however
 * they are sized or nested. */
function lastBlockTimes(b: Uint8Array, from: number, to: number): [number, number] | null {
  let clusterTime = 0;
  let last = -1;
  let before = -1;
  const block = (start: number) => {
    const track = vint(b, start, false);
    if (!track || start + track.length + 2 > b.length) return;
    const raw = (b[start + track.length]! << 8) | b[start + track.length + 1]!;
    const time = clusterTime + (raw & 0x8000 ? raw - 0x10000 : raw);
    if (time > last) [before, last] = [last, time];
    else if (time < last && time > before) before = time;
  };
  for (let at = from; at < to;) {
    const e = header(b, at);
    if (!e) return null;
    const end = e.size === null ? to : e.start + e.size;
    if (e.id === CLUSTER || e.id === BLOCK_GROUP) {
      // Walked into, not over: a cluster's end is where the next one begins.
      at = e.start;
      continue;
    }
    if (e.id === TIMESTAMP) clusterTime = uint(b, e.start, end);
    if (e.id === SIMPLE_BLOCK || e.id === BLOCK) block(e.start);
    at = end;
  }
  return last < 0 ? null : [last, before];
}

/** The recording with its Duration written in, or the same bytes when it already has one or is not
 * a WebM this understands. */
export function withWebmDuration(bytes: Uint8Array): Uint8Array {
  const ebml = header(bytes, 0);
  if (!ebml || ebml.id !== 0x1a45dfa3 || ebml.size === null) return bytes;
  const segmentAt = ebml.start + ebml.size;
  const segment = header(bytes, segmentAt);
  if (!segment || segment.id !== SEGMENT) return bytes;
  const segmentEnd = segment.size === null ? bytes.length : Math.min(bytes.length, segment.start + segment.size);

  // The Info comes before the clusters. A SeekHead (Firefox writes an empty one) points at
  // positions that a longer Info would move.
  let info: Header | null = null;
  let seeks = false;
  for (let at = segment.start; at < segmentEnd && !info;) {
    const e = header(bytes, at);
    if (!e || e.size === null || e.id === CLUSTER) return bytes;
    if (e.id === SEEK_HEAD && e.size > 0) seeks = true;
    if (e.id === INFO) info = e;
    at = e.start + e.size;
  }
  if (!info || info.size === null) return bytes;
  const infoEnd = info.start + info.size;

  const kept: Uint8Array[] = [];
  let empty: Header | null = null;
  for (let at = info.start; at < infoEnd;) {
    const e = header(bytes, at);
    if (!e || e.size === null || e.start + e.size > infoEnd) return bytes;
    const end = e.start + e.size;
    if (e.id === DURATION) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + e.start, e.size);
      const value = e.size === 4 ? view.getFloat32(0) : e.size === 8 ? view.getFloat64(0) : 0;
      if (value > 0) return bytes;
      empty = e;
    } else kept.push(bytes.subarray(at, end));
    at = end;
  }

  const times = lastBlockTimes(bytes, infoEnd, segmentEnd);
  if (!times) return bytes;
  const [last, before] = times;
  // One block's length, as the gap between the last two (Opus blocks are 20-60 ms). A Duration
  // counts in the file's own ticks (its TimestampScale).
  const ticks = last + (before >= 0 ? last - before : 0);

  // A Duration of 0 (as Firefox writes it) is filled in where it stands: no byte moves.
  if (empty && (empty.size === 4 || empty.size === 8)) {
    const out = bytes.slice();
    const view = new DataView(out.buffer, out.byteOffset + empty.start, empty.size);
    if (empty.size === 8) view.setFloat64(0, ticks);
    else view.setFloat32(0, ticks);
    return out;
  }
  if (seeks) return bytes;
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, ticks);
  const body = [...kept, duration];
  const bodyLength = body.reduce((n, part) => n + part.length, 0);
  const infoSize = sizeBytes(bodyLength);
  if (!infoSize) return bytes;
  const newInfo = [new Uint8Array([0x15, 0x49, 0xa9, 0x66]), infoSize, ...body];
  const infoHeaderAt = info.start - info.sizeLength - 4;
  const growth = newInfo.reduce((n, part) => n + part.length, 0) - (infoEnd - infoHeaderAt);

  const out = new Uint8Array(bytes.length + growth);
  out.set(bytes.subarray(0, infoHeaderAt));
  if (segment.size !== null) {
    const size = sizeBytes(segment.size + growth, segment.sizeLength);
    if (!size) return bytes;
    out.set(size, segment.sizeAt);
  }
  let at = infoHeaderAt;
  for (const part of newInfo) {
    out.set(part, at);
    at += part.length;
  }
  out.set(bytes.subarray(infoEnd), at);
  return out;
}
