/** A PCM WAV (8 kHz mono, 16 bit) of that many seconds: a tone, so that it is not silence. */
export function wav(seconds = 0.1) {
  const data = Math.round(8000 * seconds) * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + data, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(16000, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(data, 40);
  for (let i = 44; i < buf.length; i += 2) buf.writeInt16LE(Math.round(8000 * Math.sin(i / 20)), i);
  return buf;
}
