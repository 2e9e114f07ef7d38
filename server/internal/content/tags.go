package content

import (
	"database/sql/driver"
	"fmt"
	"strings"
)

// Value stores tags as a comma-separated string.
func (t Tags) Value() (driver.Value, error) { return strings.Join(t, ","), nil }

// Scan reads tags from a comma-separated string.
func (t *Tags) Scan(v any) error {
	var s string
	switch x := v.(type) {
	case nil:
		*t = Tags{}
		return nil
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return fmt.Errorf("content: cannot scan %T into Tags", v)
	}
	out := Tags{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	*t = out
	return nil
}
