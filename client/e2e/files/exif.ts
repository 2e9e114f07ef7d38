// Builds the EXIF block a phone camera writes (camera make, a description and GPS coordinates) and splices it into a
// JPEG as an APP1 segment, so the photo tests can prove that the server strips every byte of it. The coordinates are
// Kochi's; the ASCII markers make leftovers easy to find in the served file.

/** Text written into the EXIF IFD0 (ImageDescription and Make): must not survive the upload. */
export const EXIF_MARKER = 'TFM-EXIF-MARKER'
/** Text written into the GPS IFD (GPSProcessingMethod): must not survive the upload. */
export const GPS_MARKER = 'TFM-GPS-MARKER'

type Entry = { tag: number; type: 1 | 2 | 4 | 5 | 7; count: number; data: Buffer }

const TYPE_SIZE: Record<Entry['type'], number> = { 1: 1, 2: 1, 4: 4, 5: 8, 7: 1 }

function ascii(tag: number, text: string): Entry {
  const data = Buffer.from(text + '\0', 'ascii')
  return { tag, type: 2, count: data.length, data }
}

function rationals(tag: number, values: [number, number][]): Entry {
  const data = Buffer.alloc(values.length * 8)
  values.forEach(([n, d], i) => {
    data.writeUInt32BE(n, i * 8)
    data.writeUInt32BE(d, i * 8 + 4)
  })
  return { tag, type: 5, count: values.length, data }
}

function long(tag: number, value: number): Entry {
  const data = Buffer.alloc(4)
  data.writeUInt32BE(value)
  return { tag, type: 4, count: 1, data }
}

/** One big-endian TIFF IFD at offset start: the entries, the next-IFD pointer (0), then the values that do not fit inline. */
function ifd(entries: Entry[], start: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag)
  const head = Buffer.alloc(2 + sorted.length * 12 + 4)
  head.writeUInt16BE(sorted.length, 0)
  const extra: Buffer[] = []
  let dataAt = start + head.length
  sorted.forEach((e, i) => {
    const at = 2 + i * 12
    head.writeUInt16BE(e.tag, at)
    head.writeUInt16BE(e.type, at + 2)
    head.writeUInt32BE(e.count, at + 4)
    const size = TYPE_SIZE[e.type] * e.count
    if (size <= 4) {
      e.data.copy(head, at + 8, 0, size)
    } else {
      head.writeUInt32BE(dataAt, at + 8)
      const padded = size % 2 ? Buffer.concat([e.data, Buffer.alloc(1)]) : e.data
      extra.push(padded)
      dataAt += padded.length
    }
  })
  return Buffer.concat([head, ...extra])
}

/** The TIFF payload of the EXIF segment: IFD0 (description, make, GPS pointer) and the GPS IFD. */
export function exifPayload(): Buffer {
  const header = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]) // "MM", 42, IFD0 at 8
  const gpsEntries: Entry[] = [
    { tag: 0x0000, type: 1, count: 4, data: Buffer.from([2, 3, 0, 0]) }, // GPSVersionID
    ascii(0x0001, 'N'),
    rationals(0x0002, [
      [9, 1],
      [55, 1],
      [5232, 100],
    ]), // 9° 55' 52.32" N
    ascii(0x0003, 'E'),
    rationals(0x0004, [
      [76, 1],
      [16, 1],
      [224, 100],
    ]), // 76° 16' 2.24" E
    { tag: 0x001b, type: 7, count: 8 + GPS_MARKER.length, data: Buffer.from('ASCII\0\0\0' + GPS_MARKER, 'ascii') }, // GPSProcessingMethod
  ]
  // IFD0's size does not depend on the GPS offset's value, so lay it out once to learn where the GPS IFD starts.
  const ifd0Entries = (gpsAt: number) => [ascii(0x010e, EXIF_MARKER), ascii(0x010f, EXIF_MARKER + '-Camera'), long(0x8825, gpsAt)]
  const gpsAt = 8 + ifd(ifd0Entries(0), 8).length
  return Buffer.concat([header, ifd(ifd0Entries(gpsAt), 8), ifd(gpsEntries, gpsAt)])
}

/** The JPEG with an APP1 "Exif" segment (GPS included) inserted after SOI and any JFIF APP0 segment. */
export function withGpsExif(jpeg: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG')
  let at = 2
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + jpeg.readUInt16BE(4)
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), exifPayload()])
  const segment = Buffer.alloc(4)
  segment.writeUInt16BE(0xffe1, 0)
  segment.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([jpeg.subarray(0, at), segment, payload, jpeg.subarray(at)])
}

/** Whether a file still carries EXIF or our markers anywhere in its bytes. */
export function carriesMetadata(file: Buffer): { exif: boolean; gps: boolean; marker: boolean } {
  return { exif: file.includes(Buffer.from('Exif\0\0', 'ascii')), gps: file.includes(Buffer.from(GPS_MARKER, 'ascii')), marker: file.includes(Buffer.from(EXIF_MARKER, 'ascii')) }
}
