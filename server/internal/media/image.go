package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // registers the PNG decoder
	"net/http"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // registers the WebP decoder

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// Limits on uploaded images and the sizes of the renditions.
const (
	MaxUploadBytes = 10 << 20   // the largest file accepted
	MaxSide        = 8000       // the longest side accepted, in pixels
	MaxPixels      = 40_000_000 // the largest area accepted (40 megapixels)
	MinSide        = 100        // the shortest side accepted: smaller is no use as a photo
	SmallSide      = 240        // the small rendition fits in SmallSide x SmallSide
	LargeSide      = 900        // the large rendition fits in LargeSide x LargeSide
	ProofSide      = 1600       // a proof stays readable: it fits in ProofSide x ProofSide
	CoverSide      = 1200       // a blog cover fits in CoverSide x CoverSide: at most 1200 pixels wide
)

// The user-facing messages of refused images.
const (
	MsgImageRequired = "Image is required"
	MsgTooBig        = "The image must be 10 MB or smaller"
	MsgNotAnImage    = "Please upload a JPEG, PNG or WebP image"
	MsgBroken        = "The image could not be read; please upload another one"
	MsgTooManyPixels = "The image is too large; it may be at most 8000 pixels on a side and 40 megapixels in all"
	MsgTooFewPixels  = "The image is too small; it must be at least 100 pixels on each side"
)

// allowed maps a sniffed MIME type to the decoder format name that must agree with it.
var allowed = map[string]string{"image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp"}

func invalid(field, msg string) error {
	return &apperr.Error{Kind: apperr.Invalid, Message: msg, Fields: map[string]string{field: msg}}
}

// Inspect checks an upload without decoding its pixels: the size, the type
// sniffed from the content, the decoder's agreement and the dimensions. It
// returns the format ("jpeg", "png" or "webp") and the header's configuration.
func Inspect(data []byte) (string, image.Config, error) {
	var none image.Config
	switch {
	case len(data) == 0:
		return "", none, invalid("image", MsgImageRequired)
	case len(data) > MaxUploadBytes:
		return "", none, &apperr.Error{Kind: apperr.TooLarge, Message: MsgTooBig, Fields: map[string]string{"image": MsgTooBig}}
	}
	want, ok := allowed[http.DetectContentType(data)]
	if !ok {
		return "", none, invalid("image", MsgNotAnImage)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || format != want {
		return "", none, invalid("image", MsgNotAnImage)
	}
	switch {
	case cfg.Width <= 0 || cfg.Height <= 0:
		return "", none, invalid("image", MsgBroken)
	case cfg.Width > MaxSide || cfg.Height > MaxSide || int64(cfg.Width)*int64(cfg.Height) > MaxPixels:
		return "", none, invalid("image", MsgTooManyPixels)
	case cfg.Width < MinSide || cfg.Height < MinSide:
		return "", none, invalid("image", MsgTooFewPixels)
	}
	return format, cfg, nil
}

// Processor decodes and re-encodes images, a few at a time: a 40-megapixel
// image needs well over 100 MB while it is decoded.
type Processor struct{ slots chan struct{} }

// NewProcessor builds a Processor that decodes at most parallel images at once (1 when parallel < 1).
func NewProcessor(parallel int) *Processor {
	if parallel < 1 {
		parallel = 1
	}
	return &Processor{slots: make(chan struct{}, parallel)}
}

// Photo turns an upload into the small and large JPEG renditions of a member photo.
func (p *Processor) Photo(ctx context.Context, data []byte) (small, large []byte, err error) {
	img, err := p.decode(ctx, data, LargeSide)
	if err != nil {
		return nil, nil, err
	}
	if large, err = encodeJPEG(img, 85); err != nil {
		return nil, nil, err
	}
	if small, err = encodeJPEG(Fit(img, SmallSide), 82); err != nil {
		return nil, nil, err
	}
	return small, large, nil
}

// Proof turns an upload into one JPEG that keeps a document readable.
func (p *Processor) Proof(ctx context.Context, data []byte) ([]byte, error) {
	img, err := p.decode(ctx, data, ProofSide)
	if err != nil {
		return nil, err
	}
	return encodeJPEG(img, 88)
}

// Cover turns an upload into the JPEG of a blog's cover image, with the same
// checks as a photo (type sniffed, size and pixel limits, metadata dropped).
func (p *Processor) Cover(ctx context.Context, data []byte) ([]byte, error) {
	img, err := p.decode(ctx, data, CoverSide)
	if err != nil {
		return nil, err
	}
	return encodeJPEG(img, 85)
}

// decode inspects data, decodes it in a slot, scales it to fit side and
// applies the EXIF orientation.
func (p *Processor) decode(ctx context.Context, data []byte, side int) (image.Image, error) {
	format, _, err := Inspect(data)
	if err != nil {
		return nil, err
	}
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, apperr.Wrap(apperr.Unavailable, "The server is busy; please try again", ctx.Err())
	}
	defer func() { <-p.slots }()
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, invalid("image", MsgBroken)
	}
	img := Fit(src, side)
	if format == "jpeg" {
		img = Orient(img, JPEGOrientation(data))
	}
	return img, nil
}

// Fit scales img down (never up) to fit in side x side, on a white background
// so transparent pixels do not turn black in a JPEG. The result is always a
// fresh *image.RGBA.
func Fit(img image.Image, side int) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > side || h > side {
		if w >= h {
			w, h = side, max(1, h*side/w)
		} else {
			w, h = max(1, w*side/h), side
		}
	}
	// Very large sources are first halved cheaply towards 3x the target, then
	// finished with Catmull-Rom for a sharp result.
	if b.Dx() > 3*w && b.Dy() > 3*h {
		mid := image.NewRGBA(image.Rect(0, 0, 3*w, 3*h))
		draw.ApproxBiLinear.Scale(mid, mid.Bounds(), img, b, draw.Src, nil)
		img, b = mid, mid.Bounds()
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	return dst
}

// encodeJPEG writes img as a baseline JPEG: no EXIF, no comments, nothing but pixels.
func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, apperr.Wrap(apperr.Internal, "The image could not be saved; please try again", err)
	}
	return buf.Bytes(), nil
}
