// Package pdf renders the GST tax invoice of a paid order as a PDF document
// (A4, real selectable text in an embedded DejaVu Sans subset that has the
// rupee sign), and spells and formats rupee amounts the Indian way.
package pdf

import (
	_ "embed"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signintech/gopdf"

	"github.com/tfmmatrimony/tfm/server/internal/dates"
)

// The fonts are subsets made with pyftsubset (see fonts/README.md); gopdf
// subsets them again to the glyphs each invoice uses.
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

// Party is the seller or the buyer as printed on an invoice.
type Party struct {
	Name      string
	Lines     []string // address lines, may be empty for a buyer
	GSTIN     string   // "" for a consumer (B2C)
	State     string   // e.g. "Tamil Nadu"
	StateCode string   // GST state code, e.g. "33"; may be ""
	Email     string
	Phone     string
}

// Line is one item of the invoice.
type Line struct {
	Description string // "TFM-CLASSIC membership plan"
	Detail      string // "3 months, 50 contact views · valid 28-11-2026 to 27-02-2027"
	SAC         string // services accounting code
	AmountPaise int64  // the line's price before discount, GST included (prices are GST-inclusive)
}

// Tax is one GST component.
type Tax struct {
	Label       string // "CGST 9%", "SGST 9%" or "IGST 18%"
	AmountPaise int64
}

// Invoice is everything printed on one tax invoice.
type Invoice struct {
	Brand         string    // "TFM Matrimony"; "" prints the seller's name
	Title         string    // "Tax Invoice"; "" prints "Tax Invoice"
	Number        string    // "TFM/26-27/000001"
	IssuedAt      time.Time // printed as DD-MM-YYYY in India time
	OrderID       string    // "TFM-7K3M9Q2X"
	PaymentID     string    // "pay_…"
	PaymentMethod string    // "upi", "card", "netbanking" or ""
	Seller        Party
	Buyer         Party
	PlaceOfSupply string // "Kerala (32)"
	Lines         []Line
	DiscountLabel string   // "Coupon WELCOME10" or ""
	DiscountPaise int64    // 0 when none
	TaxablePaise  int64    // value before GST
	Taxes         []Tax    // printed in this order
	TotalPaise    int64    // amount paid, GST included
	Notes         []string // small print at the bottom
}

// Page geometry in PDF points (1/72 inch), and font names.
const (
	pageW    = 595.28 // A4
	pageH    = 841.89
	margin   = 42.52 // 15 mm
	contentW = pageW - 2*margin
	// footerBand is kept free at the foot of every page for "Page i of n".
	footerBand = 16.0
	bottom     = pageH - margin - footerBand
	cellPad    = 6.0
	leading    = 1.38 // line height as a multiple of the font size
	// baseline is where glyphs sit within a line box, as a multiple of the
	// font size; DejaVu's ascender is 0.93 em, and the rest of the leading
	// is split above and below.
	baseline = 0.93 + (leading-1.17)/2

	familyRegular = "DejaVuSans"
	familyBold    = "DejaVuSans-Bold"

	defaultTitle = "Tax Invoice"
	placeLabel   = "Place of supply"
)

// rgb is a colour written as 0xRRGGBB, so the palette can be constants.
type rgb uint32

func (c rgb) parts() (r, g, b uint8) { return uint8(c >> 16), uint8(c >> 8), uint8(c) }

// The palette: maroon and gold are the brand's; the greys are dark enough to
// survive an office laser printer, the tints light enough to save its toner.
const (
	maroon    rgb = 0x7b1e3a
	gold      rgb = 0xc9a227
	ink       rgb = 0x222222
	darkGrey  rgb = 0x333333
	midGrey   rgb = 0x5f5f5f
	labelGrey rgb = 0x6b6b6b
	noteGrey  rgb = 0x808080
	ruleGrey  rgb = 0xddd5d8
	tint      rgb = 0xf6eef1 // the table's header and the total's band
)

// style is one text style.
type style struct {
	bold  bool
	size  float64
	color rgb
}

func (s style) lineH() float64 { return s.size * leading }

// The text styles are functions because a struct cannot be a constant and
// the package keeps no variables.
func brandStyle() style   { return style{true, 20, maroon} }
func titleStyle() style   { return style{true, 14, darkGrey} }
func labelStyle() style   { return style{false, 8.5, labelGrey} }
func sectionStyle() style { return style{true, 8, maroon} }
func bodyStyle() style    { return style{false, 9, ink} }
func strongStyle() style  { return style{true, 9, ink} }
func nameStyle() style    { return style{true, 10, ink} }
func detailStyle() style  { return style{false, 8, midGrey} }
func headStyle() style    { return style{true, 8.5, maroon} }
func totalStyle() style   { return style{true, 11, maroon} }
func wordsStyle() style   { return style{true, 9, darkGrey} }
func noteStyle() style    { return style{false, 7, noteGrey} }

// Render returns the invoice as a PDF document: A4 portrait, one page for an
// order of one line, more (the items table's header repeated, "Page i of n"
// at the foot) only when the lines do not fit. It refuses an invoice without
// a number, date or lines, with a negative amount or an SAC over 16
// characters, or whose figures do not add up (lines − discount ≠ total, or
// taxable value + taxes ≠ total): a tax invoice that contradicts itself must
// not reach a member. It keeps no state between calls and is safe for
// concurrent use.
func Render(inv Invoice) ([]byte, error) {
	if err := validate(inv); err != nil {
		return nil, err
	}
	w, err := newWriter()
	if err != nil {
		return nil, err
	}
	w.gp.SetInfo(gopdf.PdfInfo{
		Title:        title(inv) + " " + inv.Number,
		Author:       brand(inv),
		Subject:      "Order " + inv.OrderID,
		Creator:      brand(inv),
		CreationDate: inv.IssuedAt,
	})
	w.header(inv)
	w.meta(inv)
	w.parties(inv)
	w.placeOfSupply(inv)
	w.items(inv)
	w.totals(inv)
	w.inWords(inv)
	w.notes(inv)
	w.pageNumbers(inv)
	if w.err != nil {
		return nil, fmt.Errorf("pdf: render invoice %s: %w", inv.Number, w.err)
	}
	b, err := w.gp.GetBytesPdfReturnErr()
	if err != nil {
		return nil, fmt.Errorf("pdf: write invoice %s: %w", inv.Number, err)
	}
	return b, nil
}

func brand(inv Invoice) string {
	if s := strings.TrimSpace(inv.Brand); s != "" {
		return s
	}
	return strings.TrimSpace(inv.Seller.Name)
}

func title(inv Invoice) string {
	if s := strings.TrimSpace(inv.Title); s != "" {
		return s
	}
	return defaultTitle
}

// validate refuses what would print a wrong or empty tax invoice.
func validate(inv Invoice) error {
	if strings.TrimSpace(inv.Number) == "" {
		return errors.New("pdf: invoice has no number")
	}
	if inv.IssuedAt.IsZero() {
		return fmt.Errorf("pdf: invoice %s has no issue date", inv.Number)
	}
	if len(inv.Lines) == 0 {
		return fmt.Errorf("pdf: invoice %s has no lines", inv.Number)
	}
	var list, taxes int64
	var err error
	for i, l := range inv.Lines {
		if utf8.RuneCountInString(strings.TrimSpace(l.SAC)) > maxSAC {
			return fmt.Errorf("pdf: invoice %s: line %d has SAC %q, longer than %d characters", inv.Number, i+1, l.SAC, maxSAC)
		}
		if l.AmountPaise < 0 {
			return fmt.Errorf("pdf: invoice %s: line %d has a negative amount", inv.Number, i+1)
		}
		if list, err = add(list, l.AmountPaise); err != nil {
			return fmt.Errorf("pdf: invoice %s: %w", inv.Number, err)
		}
	}
	for _, t := range inv.Taxes {
		if t.AmountPaise < 0 {
			return fmt.Errorf("pdf: invoice %s: tax %q is negative", inv.Number, t.Label)
		}
		if taxes, err = add(taxes, t.AmountPaise); err != nil {
			return fmt.Errorf("pdf: invoice %s: %w", inv.Number, err)
		}
	}
	if inv.DiscountPaise < 0 || inv.TaxablePaise < 0 || inv.TotalPaise < 0 {
		return fmt.Errorf("pdf: invoice %s has a negative discount, taxable value or total", inv.Number)
	}
	if list-inv.DiscountPaise != inv.TotalPaise {
		return fmt.Errorf("pdf: invoice %s: lines %s less discount %s is not the total %s",
			inv.Number, FormatINR(list), FormatINR(inv.DiscountPaise), FormatINR(inv.TotalPaise))
	}
	if sum, err := add(inv.TaxablePaise, taxes); err != nil || sum != inv.TotalPaise {
		return fmt.Errorf("pdf: invoice %s: taxable value %s plus taxes %s is not the total %s",
			inv.Number, FormatINR(inv.TaxablePaise), FormatINR(taxes), FormatINR(inv.TotalPaise))
	}
	return nil
}

// maxSAC bounds a line's SAC, a code of four to eight digits, so its column
// stays narrow and never outgrows its row.
const maxSAC = 16

// add sums two non-negative amounts, refusing an overflow that would wrap to
// a plausible-looking negative figure.
func add(a, b int64) (int64, error) {
	if a > math.MaxInt64-b {
		return 0, errors.New("amounts overflow")
	}
	return a + b, nil
}

// paymentMethod names the gateway's method codes as a member knows them.
func paymentMethod(code string) string {
	switch c := strings.TrimSpace(code); strings.ToLower(c) {
	case "upi":
		return "UPI"
	case "card":
		return "Card"
	case "netbanking":
		return "Net banking"
	case "wallet":
		return "Wallet"
	case "emi":
		return "EMI"
	default:
		return c
	}
}

// stateLine prints a party's state with its GST code, or "" when neither is
// known.
func stateLine(p Party) string {
	state, code := strings.TrimSpace(p.State), strings.TrimSpace(p.StateCode)
	switch {
	case state != "" && code != "":
		return "State: " + state + ", code " + code
	case state != "":
		return "State: " + state
	case code != "":
		return "State code: " + code
	}
	return ""
}

// writer draws the invoice top to bottom. The first error is kept and every
// later call does nothing, so the layout code reads as a plain sequence.
type writer struct {
	gp   *gopdf.GoPdf
	y    float64 // top of the next thing to draw
	cur  style
	set  bool // whether cur is the font currently selected in gp
	err  error
	head func() // redraws the items table's header on a new page; nil outside the table
}

func newWriter() (*writer, error) {
	gp := &gopdf.GoPdf{}
	gp.Start(gopdf.Config{PageSize: gopdf.Rect{W: pageW, H: pageH}, Unit: gopdf.UnitPT})
	// A glyph outside the subset (a name in Tamil script, an emoji) prints as
	// "?" rather than gopdf's default blank, so the loss is visible.
	opt := gopdf.TtfOption{OnGlyphNotFoundSubstitute: func(rune) rune { return '?' }}
	if err := gp.AddTTFFontDataWithOption(familyRegular, fontRegular, opt); err != nil {
		return nil, fmt.Errorf("pdf: load regular font: %w", err)
	}
	if err := gp.AddTTFFontDataWithOption(familyBold, fontBold, opt); err != nil {
		return nil, fmt.Errorf("pdf: load bold font: %w", err)
	}
	gp.AddPage()
	return &writer{gp: gp, y: margin}, nil
}

func (w *writer) use(s style) {
	if w.err != nil {
		return
	}
	if !w.set || w.cur.bold != s.bold || w.cur.size != s.size {
		family := familyRegular
		if s.bold {
			family = familyBold
		}
		if err := w.gp.SetFont(family, "", s.size); err != nil {
			w.err = err
			return
		}
	}
	w.cur, w.set = s, true
	w.gp.SetTextColor(s.color.parts())
}

func (w *writer) width(s style, text string) float64 {
	w.use(s)
	if w.err != nil {
		return 0
	}
	n, err := w.gp.MeasureTextWidth(text)
	if err != nil {
		w.err = err
	}
	return n
}

// wrap breaks text into lines no wider than width: at spaces where it can,
// inside a word (an e-mail address, a payment ID) where it must, and at every
// newline. Blank text gives no lines.
func (w *writer) wrap(s style, text string, width float64) []string {
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\t", " ").Replace(text)
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var out []string
	for para := range strings.SplitSeq(text, "\n") {
		// Only ASCII spaces break, so a no-break space keeps its words
		// together.
		words := strings.FieldsFunc(para, func(r rune) bool { return r == ' ' })
		line := ""
		for _, word := range words {
			candidate := word
			if line != "" {
				candidate = line + " " + word
			}
			if w.width(s, candidate) <= width {
				line = candidate
				continue
			}
			if line != "" {
				out = append(out, line)
			}
			for w.err == nil && w.width(s, word) > width {
				head := w.fit(s, word, width)
				out = append(out, head)
				word = word[len(head):]
			}
			line = word
		}
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// fit returns the longest prefix of word, at least one character, that is
// no wider than width.
func (w *writer) fit(s style, word string, width float64) string {
	end := 0
	for i, r := range word {
		next := i + len(string(r))
		if end > 0 && w.width(s, word[:next]) > width {
			break
		}
		end = next
	}
	return word[:end]
}

// room is the height a fresh page offers between the margins.
const room = bottom - margin

// ensure starts a new page when h points do not fit above the footer band.
func (w *writer) ensure(h float64) {
	if w.err != nil || w.y+h <= bottom {
		return
	}
	w.gp.AddPage()
	w.y = margin
	if w.head != nil {
		w.head()
	}
}

// text draws one line whose box has its top at top.
func (w *writer) text(s style, x, top float64, line string) {
	w.use(s)
	if w.err != nil || line == "" {
		return
	}
	w.gp.SetXY(x, top+s.size*baseline)
	if err := w.gp.Text(line); err != nil {
		w.err = err
	}
}

// textRight draws one line ending at right.
func (w *writer) textRight(s style, right, top float64, line string) {
	w.text(s, right-w.width(s, line), top, line)
}

func (w *writer) rule(c rgb, width, x1, y, x2 float64) {
	if w.err != nil {
		return
	}
	w.gp.SetStrokeColor(c.parts())
	w.gp.SetLineWidth(width)
	w.gp.Line(x1, y, x2, y)
}

func (w *writer) fill(c rgb, x, y, width, h float64) {
	if w.err != nil {
		return
	}
	w.gp.SetFillColor(c.parts())
	w.gp.RectFromUpperLeftWithStyle(x, y, width, h, "F")
}

// para is a run of wrapped lines in one style, the unit every part of the
// invoice is built from.
type para struct {
	st     style
	lines  []string
	indent float64 // from the column's left edge, to leave room for a label
	gap    float64 // below the last line
	// first draws what sits beside the first line (a label, an amount),
	// given that line's top, so it lands on the same page as the line.
	first func(top float64)
}

func (p para) height() float64 { return float64(len(p.lines))*p.st.lineH() + p.gap }

func height(ps []para) float64 {
	h := 0.0
	for _, p := range ps {
		h += p.height()
	}
	return h
}

// flow draws paragraphs from the cursor at x, line by line, moving to a new
// page whenever the next line does not fit, so no text can run off a page.
// A paragraph without lines still calls first, at the cursor.
func (w *writer) flow(x float64, ps []para) {
	for _, p := range ps {
		if len(p.lines) == 0 && p.first != nil {
			p.first(w.y)
		}
		for i, l := range p.lines {
			w.ensure(p.st.lineH())
			if i == 0 && p.first != nil {
				p.first(w.y)
			}
			w.text(p.st, x+p.indent, w.y, l)
			w.y += p.st.lineH()
		}
		w.y += p.gap
	}
}

// keep draws paragraphs whole on one page, starting a new one if they do not
// fit here; only what is taller than a page flows across pages.
func (w *writer) keep(x float64, ps []para) {
	if h := height(ps); h <= room {
		w.ensure(h)
	}
	w.flow(x, ps)
}

// columns draws two columns side by side, kept whole on one page; when that
// cannot be, the right one follows the left one instead of the two splitting
// across pages out of step.
func (w *writer) columns(left, right []para, xLeft, xRight float64) {
	h := max(height(left), height(right))
	if h > room {
		w.flow(xLeft, left)
		w.y += 10
		w.flow(xLeft, right)
		return
	}
	w.ensure(h)
	top := w.y
	w.flow(xLeft, left)
	w.y = top
	w.flow(xRight, right)
	w.y = top + h
}

// labelled is a value with a grey label beside its first line, baselines
// aligned.
func (w *writer) labelled(x float64, label, value string, vs style, labelW, width float64) para {
	ls := labelStyle()
	return para{
		st:     vs,
		lines:  w.wrap(vs, value, width-labelW),
		indent: labelW,
		gap:    2,
		first:  func(top float64) { w.text(ls, x, top+(vs.size-ls.size)*baseline, label) },
	}
}

// detailLabelW is the width of the labels of the invoice's details and
// place of supply: one width for all keeps their values on an even grid.
func (w *writer) detailLabelW() float64 {
	lw := 0.0
	for _, l := range []string{"Invoice no.", "Invoice date", "Order ID", "Payment ID", "Payment method", placeLabel} {
		lw = max(lw, w.width(labelStyle(), l))
	}
	return lw + 10
}

// The details and the parties are set in two columns of colW, colGap apart.
const (
	colGap = 24.0
	colW   = (contentW - colGap) / 2
)

// header draws the brand at the left and the title at the right on one
// baseline, above a gold rule. A brand too long to share the line gets the
// full width and the title goes under it.
func (w *writer) header(inv Invoice) {
	bs, ts := brandStyle(), titleStyle()
	t := title(inv)
	beside := contentW - w.width(ts, t) - colGap
	if lines := w.wrap(bs, brand(inv), beside); beside >= contentW/2 && len(lines) <= 1 {
		top := w.y
		w.flow(margin, []para{{st: bs, lines: lines}})
		// The title's box is lowered so both baselines meet.
		w.textRight(ts, margin+contentW, top+(bs.size-ts.size)*baseline, t)
		w.y = top + bs.lineH()
	} else {
		w.flow(margin, []para{
			{st: bs, lines: w.wrap(bs, brand(inv), contentW), gap: 2},
			{st: ts, lines: w.wrap(ts, t, contentW)},
		})
	}
	w.y += 4
	w.rule(gold, 1.5, margin, w.y, margin+contentW)
	w.y += 14
}

// meta draws the invoice's identifiers in two columns.
func (w *writer) meta(inv Invoice) {
	type kv struct{ label, value string }
	left := []kv{{"Invoice date", dates.Day(inv.IssuedAt)}, {"Order ID", inv.OrderID}}
	right := []kv{{"Payment ID", inv.PaymentID}, {"Payment method", paymentMethod(inv.PaymentMethod)}}
	lw := w.detailLabelW()
	xRight := margin + colW + colGap
	l := []para{w.labelled(margin, "Invoice no.", strings.TrimSpace(inv.Number), strongStyle(), lw, colW)}
	for _, r := range left {
		if v := strings.TrimSpace(r.value); v != "" {
			l = append(l, w.labelled(margin, r.label, v, bodyStyle(), lw, colW))
		}
	}
	var r []para
	for _, kv := range right {
		if v := strings.TrimSpace(kv.value); v != "" {
			r = append(r, w.labelled(xRight, kv.label, v, bodyStyle(), lw, colW))
		}
	}
	w.columns(l, r, margin, xRight)
	w.y += 10
}

// partyLines lists what is printed under a party's name; a consumer's empty
// GSTIN is left out rather than printed blank.
func partyLines(p Party) []string {
	var out []string
	for _, l := range p.Lines {
		if s := strings.TrimSpace(l); s != "" {
			out = append(out, s)
		}
	}
	if s := strings.TrimSpace(p.GSTIN); s != "" {
		out = append(out, "GSTIN: "+s)
	}
	if s := stateLine(p); s != "" {
		out = append(out, s)
	}
	for _, s := range []string{p.Email, p.Phone} {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// parties draws "Sold by" and "Billed to" side by side.
func (w *writer) parties(inv Invoice) {
	party := func(label string, p Party) []para {
		ps := []para{
			{st: sectionStyle(), lines: []string{label}, gap: 2},
			{st: nameStyle(), lines: w.wrap(nameStyle(), p.Name, colW)},
		}
		for _, l := range partyLines(p) {
			ps = append(ps, para{st: bodyStyle(), lines: w.wrap(bodyStyle(), l, colW)})
		}
		return ps
	}
	w.columns(party("SOLD BY", inv.Seller), party("BILLED TO", inv.Buyer), margin, margin+colW+colGap)
	w.y += 10
}

func (w *writer) placeOfSupply(inv Invoice) {
	s := strings.TrimSpace(inv.PlaceOfSupply)
	if s == "" {
		return
	}
	w.keep(margin, []para{w.labelled(margin, placeLabel, s, strongStyle(), w.detailLabelW(), contentW)})
	w.y += 10
}

// items draws the table of lines: description with its detail, SAC, amount.
// The header is repeated on every page the table reaches.
func (w *writer) items(inv Invoice) {
	hs, bs := headStyle(), bodyStyle()
	amountW, sacW := w.width(hs, "Amount"), w.width(hs, "SAC")
	for _, l := range inv.Lines {
		amountW = max(amountW, w.width(bs, FormatINR(l.AmountPaise)))
		sacW = max(sacW, w.width(bs, strings.TrimSpace(l.SAC)))
	}
	// validate keeps SACs short, and even the largest amount fits a third of
	// the width, so these columns never wrap far and the description gets
	// the rest.
	amountW = min(max(amountW, 80), contentW/3)
	xRight := margin + contentW - cellPad
	xSAC := xRight - amountW - 3*cellPad - sacW
	descW := xSAC - 3*cellPad - (margin + cellPad)
	xDesc := margin + cellPad

	headH := hs.lineH() + 8
	drawHead := func() {
		w.fill(tint, margin, w.y, contentW, headH)
		w.rule(maroon, 0.8, margin, w.y+headH, margin+contentW)
		top := w.y + 4
		w.text(hs, xDesc, top, "Description")
		w.text(hs, xSAC, top, "SAC")
		w.textRight(hs, xRight, top, "Amount")
		w.y += headH
	}
	for i, l := range inv.Lines {
		sac := w.wrap(bs, strings.TrimSpace(l.SAC), sacW)
		amount := w.wrap(bs, FormatINR(l.AmountPaise), amountW)
		side := float64(max(len(sac), len(amount))) * bs.lineH()
		desc := w.wrap(strongStyle(), l.Description, descW)
		if len(desc) == 0 {
			desc = []string{""} // the row still needs a line for its SAC and amount
		}
		ps := []para{
			{st: strongStyle(), lines: desc, first: func(top float64) {
				for i, s := range sac {
					w.text(bs, xSAC, top+float64(i)*bs.lineH(), s)
				}
				for i, a := range amount {
					w.textRight(bs, xRight, top+float64(i)*bs.lineH(), a)
				}
			}},
			{st: detailStyle(), lines: w.wrap(detailStyle(), l.Detail, descW)},
		}
		// A row is kept whole on a page when it can be; one taller than a
		// page starts where it is, as soon as its SAC and amount fit.
		need := max(height(ps), side) + 12
		if need > room-headH {
			need = 6 + max(strongStyle().lineH(), side)
		}
		if i == 0 {
			// The header never ends a page alone: it goes with the first row.
			w.ensure(headH + need)
			drawHead()
			// A row continued on a new page starts a little below the header,
			// as a row does.
			w.head = func() { drawHead(); w.y += 6 }
		} else {
			w.ensure(need)
		}
		w.y += 6
		top, page := w.y, w.gp.GetNumberOfPages()
		w.flow(xDesc, ps)
		if w.gp.GetNumberOfPages() == page {
			w.y = max(w.y, top+side) // a short description beside a wrapped SAC or amount
		}
		w.y += 6
		w.rule(ruleGrey, 0.6, margin, w.y, margin+contentW)
	}
	w.head = nil
	w.y += 8
}

// totals draws the summary under the table, right-aligned with the amount
// column, kept together on one page.
func (w *writer) totals(inv Invoice) {
	const blockW = 270.0
	x := margin + contentW - blockW
	xRight := margin + contentW - cellPad
	type row struct{ label, amount string }
	var list int64
	for _, l := range inv.Lines {
		list += l.AmountPaise // validate has ruled out an overflow
	}
	rows := []row{{"List price", FormatINR(list)}}
	if inv.DiscountPaise > 0 {
		label := "Discount"
		if s := strings.TrimSpace(inv.DiscountLabel); s != "" {
			label += " (" + s + ")"
		}
		rows = append(rows, row{label, FormatINR(-inv.DiscountPaise)})
	}
	rows = append(rows, row{"Taxable value", FormatINR(inv.TaxablePaise)})
	for _, t := range inv.Taxes {
		rows = append(rows, row{strings.TrimSpace(t.Label), FormatINR(t.AmountPaise)})
	}

	bs, ts := bodyStyle(), totalStyle()
	var ps []para
	for _, r := range rows {
		lines := w.wrap(bs, r.label, blockW-w.width(bs, r.amount)-3*cellPad)
		if len(lines) == 0 {
			lines = []string{""}
		}
		ps = append(ps, para{st: bs, lines: lines, gap: 3,
			first: func(top float64) { w.textRight(bs, xRight, top, r.amount) }})
	}
	totalH := ts.lineH() + 8
	if h := height(ps) + 3 + totalH; h <= room {
		w.ensure(h)
	}
	w.flow(x+cellPad, ps)
	w.y += 3
	w.ensure(totalH)
	// The band is drawn first so the text lies on top of it.
	w.fill(tint, x, w.y, blockW, totalH)
	w.rule(maroon, 0.8, x, w.y, margin+contentW)
	w.text(ts, x+cellPad, w.y+4, "Total paid")
	w.textRight(ts, xRight, w.y+4, FormatINR(inv.TotalPaise))
	w.y += totalH + 14
}

func (w *writer) inWords(inv Invoice) {
	ls, ws := labelStyle(), wordsStyle()
	w.keep(margin, []para{
		{st: ls, lines: []string{"Amount in words"}},
		{st: ws, lines: w.wrap(ws, RupeesInWords(inv.TotalPaise), contentW), gap: 10},
	})
}

// notes sets the small print at the foot of the last page, above a thin
// rule, or on a page of its own when the content has left no room.
func (w *writer) notes(inv Invoice) {
	ns := noteStyle()
	p := para{st: ns}
	for _, n := range inv.Notes {
		p.lines = append(p.lines, w.wrap(ns, n, contentW)...)
	}
	if len(p.lines) == 0 {
		return
	}
	const above = 12.0 // space between the content and the rule
	h := p.height() + 6
	if h+above <= room {
		w.ensure(h + above)
		w.y = max(w.y+above, bottom-h)
	} else {
		w.ensure(above + 6 + ns.lineH())
		w.y += above
	}
	w.rule(ruleGrey, 0.6, margin, w.y, margin+contentW)
	w.y += 6
	w.flow(margin, []para{p})
}

// pageNumbers marks every page once the count is known, and only when there
// is more than one, so the usual invoice stays uncluttered.
func (w *writer) pageNumbers(inv Invoice) {
	n := w.gp.GetNumberOfPages()
	if w.err != nil || n < 2 {
		return
	}
	ns := noteStyle()
	for i := 1; i <= n; i++ {
		if err := w.gp.SetPage(i); err != nil {
			w.err = err
			return
		}
		label := fmt.Sprintf("%s %s · Page %d of %d", title(inv), strings.TrimSpace(inv.Number), i, n)
		w.textRight(ns, margin+contentW, pageH-margin-ns.lineH(), label)
	}
}
