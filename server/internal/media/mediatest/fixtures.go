// Package mediatest builds the image files that upload tests need: real
// JPEG, PNG and WebP images, a JPEG carrying EXIF GPS tags, and hostile files
// (polyglots, SVG, a PNG header claiming 20000 x 20000 pixels). It is imported
// by tests only.
//
// rose.webp is yellow_rose.lossy.webp from golang.org/x/image/testdata
// (Copyright The Go Authors, BSD-3-Clause licence).
package mediatest

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// GPSMarker is a text placed in the EXIF of JPEGWithGPS; it must never appear in a served file.
const GPSMarker = "TFM-SECRET-GPS-PLACE"

//go:embed rose.webp
var roseWebP []byte

// WebP returns a real 400 x 301 lossy WebP image.
func WebP() []byte { return append([]byte(nil), roseWebP...) }

// picture draws a w x h gradient whose top-left quarter is red, so tests can check orientation.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{uint8(40 + x*150/w), uint8(60 + y*150/h), 150, 255}
			if x < w/2 && y < h/2 {
				c = color.RGBA{230, 20, 20, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// JPEG returns a plain w x h JPEG.
func JPEG(w, h int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, picture(w, h), &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// PNG returns a plain w x h PNG with a half-transparent band.
func PNG(w, h int) []byte {
	img := picture(w, h)
	for y := h - h/5; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{0, 0, 0, 0})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// JPEGWithGPS returns a w x h JPEG whose EXIF (an APP1 segment right after
// SOI) holds the given orientation, a camera make and a GPS IFD with a
// latitude, a longitude and GPSMarker as the GPS area information, as a phone would write.
func JPEGWithGPS(w, h, orientation int) []byte {
	plain := JPEG(w, h)
	exif := exifPayload(orientation)
	seg := make([]byte, 4, 4+len(exif))
	seg[0], seg[1] = 0xFF, 0xE1
	binary.BigEndian.PutUint16(seg[2:], uint16(2+len(exif)))
	seg = append(seg, exif...)
	out := append([]byte{}, plain[:2]...)
	out = append(out, seg...)
	return append(out, plain[2:]...)
}

// exifPayload builds "Exif\0\0" + a big-endian TIFF with IFD0 (Make,
// Orientation, GPS pointer) and a GPS IFD.
func exifPayload(orientation int) []byte {
	be := binary.BigEndian
	var t bytes.Buffer
	t.WriteString("MM")
	binary.Write(&t, be, uint16(42))
	binary.Write(&t, be, uint32(8))
	// IFD0 at 8: 3 entries (2 + 3*12 + 4 = 42 bytes), data after it.
	const ifd0 = 8
	makeOff := ifd0 + 2 + 3*12 + 4 // 50
	makeVal := []byte("TFMPhone\x00")
	gpsOff := makeOff + len(makeVal) + 1 // keep it even
	entry := func(tag, typ uint16, count, value uint32) {
		binary.Write(&t, be, tag)
		binary.Write(&t, be, typ)
		binary.Write(&t, be, count)
		binary.Write(&t, be, value)
	}
	binary.Write(&t, be, uint16(3))
	entry(0x010F, 2, uint32(len(makeVal)), uint32(makeOff)) // Make
	entry(0x0112, 3, 1, uint32(orientation)<<16)            // Orientation (SHORT, left-justified)
	entry(0x8825, 4, 1, uint32(gpsOff))                     // GPS IFD pointer
	binary.Write(&t, be, uint32(0))                         // no next IFD
	t.Write(makeVal)
	t.WriteByte(0)
	// GPS IFD: 5 entries, then the rationals and the area text.
	dataOff := gpsOff + 2 + 5*12 + 4
	latOff, lonOff := dataOff, dataOff+24
	areaOff := lonOff + 24
	area := []byte("ASCII\x00\x00\x00" + GPSMarker)
	binary.Write(&t, be, uint16(5))
	entry(0x0001, 2, 2, uint32('N')<<24)                 // GPSLatitudeRef
	entry(0x0002, 5, 3, uint32(latOff))                  // GPSLatitude
	entry(0x0003, 2, 2, uint32('E')<<24)                 // GPSLongitudeRef
	entry(0x0004, 5, 3, uint32(lonOff))                  // GPSLongitude
	entry(0x001C, 7, uint32(len(area)), uint32(areaOff)) // GPSAreaInformation
	binary.Write(&t, be, uint32(0))
	for _, r := range [][2]uint32{{9, 1}, {35, 1}, {4512, 100}, {76, 1}, {16, 1}, {3012, 100}} { // 9°35'45.12"N 76°16'30.12"E
		binary.Write(&t, be, r[0])
		binary.Write(&t, be, r[1])
	}
	t.Write(area)
	return append([]byte("Exif\x00\x00"), t.Bytes()...)
}

// PNGHeaderOnly returns just the signature and a valid IHDR chunk of a w x h
// RGBA PNG: enough for image.DecodeConfig, with no pixel data at all.
func PNGHeaderOnly(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk(&b, "IHDR", ihdr)
	chunk(&b, "IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01}) // an empty zlib stream
	chunk(&b, "IEND", nil)
	return b.Bytes()
}

func chunk(b *bytes.Buffer, typ string, data []byte) {
	binary.Write(b, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	b.WriteString(typ)
	b.Write(data)
	binary.Write(b, binary.BigEndian, crc.Sum32())
}

// PHPPayload is the script the polyglots carry.
const PHPPayload = "<?php system($_GET['c']); ?>"

// GIFWithPHP is a polyglot: a GIF header followed by a PHP script.
func GIFWithPHP() []byte {
	return append([]byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,"), []byte(PHPPayload)...)
}

// JPEGHeaderWithHTML is a polyglot: JPEG start-of-image and a JFIF segment, then an HTML page.
func JPEGHeaderWithHTML() []byte {
	head := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00}
	return append(head, []byte("<html><body><script>alert(document.cookie)</script>"+PHPPayload+"</body></html>")...)
}

// JPEGWithTrailingPHP is a real JPEG with a PHP script appended after its end:
// it decodes, so it is accepted, and re-encoding must drop the script.
func JPEGWithTrailingPHP(w, h int) []byte {
	return append(JPEG(w, h), []byte(PHPPayload)...)
}

// SVG is an SVG image with a script in it.
func SVG() []byte {
	return []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400" fill="red"/></svg>`)
}
