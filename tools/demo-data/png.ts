import { crc32, deflateSync } from 'node:zlib';

/**
 * A banner picture for the demo's opportunities: a diagonal gradient between two colours, encoded
 * as a PNG (the upload route accepts images by their bytes only). No image library is needed for
 * a flat RGB picture: a PNG is a signature and three checksummed chunks.
 */
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

type Rgb = readonly [number, number, number];

export const gradientPng = (width: number, height: number, from: Rgb, to: Rgb): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++)
        rows[row + 1 + x * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
