package media

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// Photo rendition sizes, as they appear in file names.
const (
	Small = "small"
	Large = "large"
)

// keyPattern is what NewKey makes (and what the demo seed makes): 32 lower-case hex characters.
var keyPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// ValidKey reports whether k is a well-formed file key; anything else never reaches the file system.
func ValidKey(k string) bool { return keyPattern.MatchString(k) }

// NewKey returns a fresh random file key (16 bytes from crypto/rand, hex-encoded).
func NewKey() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("media: reading random bytes: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// PhotoFileName is the file name of one rendition of a photo: "<key>_<size>.jpg".
func PhotoFileName(key, size string) string { return key + "_" + size + ".jpg" }

// PhotoDir is the URL folder of a photo below /media: "/media/photos/<key[:2]>/".
func PhotoDir(key string) string {
	if len(key) < 2 {
		return "/media/photos/"
	}
	return "/media/photos/" + key[:2] + "/"
}

// CoverURL is the public address of a blog cover, "/media/covers/<key[:2]>/<key>.jpg",
// or "" for a malformed key. Covers are public: they show on the blog pages.
func CoverURL(key string) string {
	if !ValidKey(key) {
		return ""
	}
	return "/media/covers/" + key[:2] + "/" + key + ".jpg"
}

// photoName matches a served photo file name and captures its key and size.
var photoName = regexp.MustCompile(`^([0-9a-f]{32})_(small|large)\.jpg$`)

// ParsePhotoFileName splits "<key>_<size>.jpg" into key and size; ok is false for anything else.
func ParsePhotoFileName(name string) (key, size string, ok bool) {
	m := photoName.FindStringSubmatch(name)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// Disk stores photos, proofs and blog covers under one root folder (MEDIA_DIR).
type Disk struct{ root string }

// NewDisk returns a Disk rooted at root; folders are made on first write.
func NewDisk(root string) *Disk { return &Disk{root: root} }

// ErrBadKey is returned for keys that are not well formed.
var ErrBadKey = errors.New("media: malformed file key")

// PhotoPath is where one rendition of a photo lives.
func (d *Disk) PhotoPath(key, size string) (string, error) {
	if !ValidKey(key) || (size != Small && size != Large) {
		return "", ErrBadKey
	}
	return filepath.Join(d.root, "photos", key[:2], PhotoFileName(key, size)), nil
}

// ProofPath is where a proof image lives, outside the served photo tree.
func (d *Disk) ProofPath(key string) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadKey
	}
	return filepath.Join(d.root, "proofs", key[:2], key+".jpg"), nil
}

// CoverPath is where a blog's cover image lives: <root>/covers/<key[:2]>/<key>.jpg.
func (d *Disk) CoverPath(key string) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadKey
	}
	return filepath.Join(d.root, "covers", key[:2], key+".jpg"), nil
}

// SavePhoto writes both renditions of a photo; on failure neither is left behind.
func (d *Disk) SavePhoto(key string, small, large []byte) error {
	sp, err := d.PhotoPath(key, Small)
	if err != nil {
		return err
	}
	lp, _ := d.PhotoPath(key, Large)
	if err := writeFile(sp, small); err != nil {
		return err
	}
	if err := writeFile(lp, large); err != nil {
		_ = os.Remove(sp)
		return err
	}
	return nil
}

// RemovePhoto deletes both renditions of a photo; missing files are not an error.
func (d *Disk) RemovePhoto(key string) error {
	var errs []error
	for _, size := range []string{Small, Large} {
		p, err := d.PhotoPath(key, size)
		if err != nil {
			return err
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// SaveProof writes a proof image to the private store.
func (d *Disk) SaveProof(key string, data []byte) error {
	p, err := d.ProofPath(key)
	if err != nil {
		return err
	}
	return writeFile(p, data)
}

// ReadProof returns a proof image.
func (d *Disk) ReadProof(key string) ([]byte, error) {
	p, err := d.ProofPath(key)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// RemoveProof deletes a proof image; a missing file is not an error.
func (d *Disk) RemoveProof(key string) error {
	p, err := d.ProofPath(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// SaveCover writes a blog's cover image (made by Processor.Cover).
func (d *Disk) SaveCover(key string, data []byte) error {
	p, err := d.CoverPath(key)
	if err != nil {
		return err
	}
	return writeFile(p, data)
}

// RemoveCover deletes a blog's cover image; a missing file is not an error.
func (d *Disk) RemoveCover(key string) error {
	p, err := d.CoverPath(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// writeFile writes data to a temporary file beside path and renames it into place.
func writeFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("media: creating %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".upload-*")
	if err != nil {
		return fmt.Errorf("media: creating a temporary file: %w", err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp, 0o640)
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("media: writing %s: %w", filepath.Base(path), werr)
	}
	return nil
}
