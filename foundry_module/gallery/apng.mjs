/**
 * Frames (PNG files of one size, from Chromium's screenshots) as one animated PNG: APNG is PNG
 * with an animation control chunk and each later frame's image data in fdAT chunks, so no
 * encoder is needed (the W3C PNG specification, third edition: acTL, fcTL, fdAT).
 */
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function chunks(png) {
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    out.push({
      type: png.toString("ascii", at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return out;
}

/** The frames, each shown `delays[i]` milliseconds, looping for ever. */
export function animatedPng(frames, delays) {
  const parsed = frames.map(chunks);
  const header = parsed[0].find((c) => c.type === "IHDR").data;
  if (parsed.some((p) => !p.find((c) => c.type === "IHDR").data.equals(header)))
    throw new Error("frames differ in size or colour type");
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  let sequence = 0;
  const out = [SIGNATURE, chunk("IHDR", header)];
  const control = Buffer.alloc(8);
  control.writeUInt32BE(frames.length, 0); // frames; 0 plays: for ever
  out.push(chunk("acTL", control));
  parsed.forEach((p, i) => {
    const fc = Buffer.alloc(26);
    fc.writeUInt32BE(sequence++, 0);
    fc.writeUInt32BE(width, 4);
    fc.writeUInt32BE(height, 8);
    fc.writeUInt16BE(delays[i], 20); // x and y offsets 0; delay delays[i]/1000 s
    fc.writeUInt16BE(1000, 22);
    out.push(chunk("fcTL", fc)); // dispose and blend 0: none, source
    for (const c of p.filter((x) => x.type === "IDAT")) {
      if (i === 0) out.push(chunk("IDAT", c.data));
      else {
        const seq = Buffer.alloc(4);
        seq.writeUInt32BE(sequence++, 0);
        out.push(chunk("fdAT", Buffer.concat([seq, c.data])));
      }
    }
  });
  out.push(chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(out);
}
