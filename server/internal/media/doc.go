// Package media turns uploaded images into safe files and keeps them on disk.
//
// # Images
//
// An upload is trusted for nothing, neither its name nor its declared type:
//
//   - at most MaxUploadBytes are read (the HTTP layer also caps the body);
//   - the type is sniffed from the content (http.DetectContentType) and must be
//     JPEG, PNG or WebP, and the decoder's own format name must agree, so a GIF,
//     an SVG, HTML, PHP or a file merely named ".jpg" is refused;
//   - the header alone is read first (image.DecodeConfig): a side above MaxSide
//     or an area above MaxPixels is refused before any pixel is decoded, so a
//     small file that claims 20000 x 20000 pixels costs nothing;
//   - decoding is limited to a few at a time (Processor), to bound memory;
//   - the pixels are re-encoded as new JPEGs: nothing of the original bytes
//     survives, so EXIF (GPS included), XMP, ICC comments and anything appended
//     after the image (a polyglot's payload) are gone. The EXIF orientation is
//     applied first, so phone photos stand the right way up.
//
// # Storage
//
// Disk keeps member photos at <root>/photos/<key[:2]>/<key>_{small,large}.jpg
// (the tree the /media/photos route serves, and where the demo seed and
// account deletion look), proof images at <root>/proofs/<key[:2]>/<key>.jpg,
// a tree no route serves, and blog cover images at
// <root>/covers/<key[:2]>/<key>.jpg (public, at CoverURL; a cover fits in
// CoverSide x CoverSide). Keys are 32 random hex characters (crypto/rand), so
// names reveal nothing and cannot be guessed; files are written to a temporary
// name and renamed, so a reader never sees half a file.
//
// # Grants
//
// An <img> tag cannot send the bearer token, so the API gives every photo URL a
// short-lived grant: "<key>_large.jpg?g=<viewer>.<expiry>.<mac>", an HMAC (with
// a key derived from the server secret) over the viewer's public profile code,
// the file name and the expiry. The media route checks the grant, and then asks
// the profile area whether that viewer may still see the photo (not blocked,
// photo request still accepted, owner not hidden or deleted): the URL alone is
// never the permission. Expiries are rounded up to the hour, so URLs stay the
// same for an hour and the browser cache works.
//
// Payloads shared by many members (the chat's presence events, encoded once
// for thousands of sockets) cannot carry per-viewer grants, so their photo
// names come bare; the member's own profile carries a viewer grant
// (Grants.SignViewer, good for any file) that the client appends. The media
// route checks it the same way: it names who asks, never what they may see.
package media
