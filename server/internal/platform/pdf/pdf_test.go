package pdf

import (
	"bytes"
	"errors"
	"html"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRupeesInWords(t *testing.T) {
	for _, tc := range []struct {
		paise int64
		want  string
	}{
		{0, "Rupees Zero Only"},
		{1, "One Paisa Only"},
		{50, "Fifty Paise Only"},
		{99, "Ninety-Nine Paise Only"},
		{100, "Rupees One Only"},
		{101, "Rupees One and One Paisa Only"},
		{1_000, "Rupees Ten Only"},
		{1_100, "Rupees Eleven Only"},
		{2_000, "Rupees Twenty Only"},
		{10_000, "Rupees One Hundred Only"},
		{10_100, "Rupees One Hundred One Only"},
		{359_900, "Rupees Three Thousand Five Hundred Ninety-Nine Only"},
		{359_990, "Rupees Three Thousand Five Hundred Ninety-Nine and Ninety Paise Only"},
		{9_999_900, "Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only"},
		{10_000_000, "Rupees One Lakh Only"},
		{10_000_001, "Rupees One Lakh and One Paisa Only"},
		{120_000_000, "Rupees Twelve Lakh Only"},
		{123_456_789, "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only"},
		{999_999_900, "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only"},
		{1_000_000_000, "Rupees One Crore Only"},
		{1_000_100_000, "Rupees One Crore One Thousand Only"},
		{12_345_678_900, "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only"},
		{100_000_000_000, "Rupees One Hundred Crore Only"},
		{12_000_000_000_000, "Rupees Twelve Thousand Crore Only"},
		{120_000_000_000_000, "Rupees One Lakh Twenty Thousand Crore Only"},
		{10_000_000_000_000_000, "Rupees One Crore Crore Only"},
		{math.MaxInt64, "Rupees Nine Hundred Twenty-Two Crore Thirty-Three Lakh Seventy-Two Thousand Thirty-Six Crore " +
			"Eighty-Five Lakh Forty-Seven Thousand Seven Hundred Fifty-Eight and Seven Paise Only"},
		{-1, "Minus One Paisa Only"},
		{-359_900, "Minus Rupees Three Thousand Five Hundred Ninety-Nine Only"},
		{math.MinInt64, "Minus Rupees Nine Hundred Twenty-Two Crore Thirty-Three Lakh Seventy-Two Thousand Thirty-Six Crore " +
			"Eighty-Five Lakh Forty-Seven Thousand Seven Hundred Fifty-Eight and Eight Paise Only"},
	} {
		if got := RupeesInWords(tc.paise); got != tc.want {
			t.Errorf("RupeesInWords(%d)\n got %q\nwant %q", tc.paise, got, tc.want)
		}
	}
}

func TestRupeesInWordsBelowHundredIsComplete(t *testing.T) {
	// Every number from 1 to 99 must be spelt without gaps or doubled
	// spaces, since the table-driven cases cannot list them all.
	seen := map[string]bool{}
	for n := int64(1); n < 100; n++ {
		got := RupeesInWords(n * 100)
		if !strings.HasPrefix(got, "Rupees ") || !strings.HasSuffix(got, " Only") ||
			strings.Contains(got, "  ") || strings.HasSuffix(got, "- Only") {
			t.Errorf("RupeesInWords(%d) = %q", n*100, got)
		}
		if seen[got] {
			t.Errorf("RupeesInWords(%d) = %q repeats another number", n*100, got)
		}
		seen[got] = true
	}
}

func TestFormatINR(t *testing.T) {
	for _, tc := range []struct {
		paise int64
		want  string
	}{
		{0, "₹0.00"},
		{1, "₹0.01"},
		{10, "₹0.10"},
		{100, "₹1.00"},
		{99_900, "₹999.00"},
		{100_000, "₹1,000.00"},
		{359_900, "₹3,599.00"},
		{9_999_900, "₹99,999.00"},
		{10_000_000, "₹1,00,000.00"},
		{120_000_000, "₹12,00,000.00"},
		{123_456_789, "₹12,34,567.89"},
		{1_000_000_000, "₹1,00,00,000.00"},
		{12_345_678_900, "₹12,34,56,789.00"},
		{math.MaxInt64, "₹92,23,37,20,36,85,47,758.07"},
		{-35_990, "-₹359.90"},
		{-123_456_789, "-₹12,34,567.89"},
		{math.MinInt64, "-₹92,23,37,20,36,85,47,758.08"},
	} {
		if got := FormatINR(tc.paise); got != tc.want {
			t.Errorf("FormatINR(%d) = %q, want %q", tc.paise, got, tc.want)
		}
	}
}

// sample is a B2C invoice from a seller in Tamil Nadu to a member in Kerala,
// so it carries IGST, with a coupon.
func sample() Invoice {
	return Invoice{
		Brand:         "TFM Matrimony",
		Title:         "Tax Invoice",
		Number:        "TFM/26-27/000001",
		IssuedAt:      time.Date(2026, 11, 27, 20, 15, 0, 0, time.UTC), // 28-11-2026 in India
		OrderID:       "TFM-7K3M9Q2X",
		PaymentID:     "pay_QwErTy123456",
		PaymentMethod: "upi",
		Seller: Party{
			Name:      "TFM Matrimony Services Private Limited",
			Lines:     []string{"No. 12, Church Road, Egmore", "Chennai 600008, Tamil Nadu"},
			GSTIN:     "33ABCDE1234F1Z5",
			State:     "Tamil Nadu",
			StateCode: "33",
			Email:     "billing@tfmmatrimony.in",
			Phone:     "+91 44 4000 1234",
		},
		Buyer: Party{
			Name:      "Anita Mary Joseph",
			State:     "Kerala",
			StateCode: "32",
			Email:     "anita.joseph@example.com",
			Phone:     "+91 98470 12345",
		},
		PlaceOfSupply: "Kerala (32)",
		Lines: []Line{{
			Description: "TFM-CLASSIC membership plan",
			Detail:      "3 months, 50 contact views · valid 28-11-2026 to 27-02-2027",
			SAC:         "998439",
			AmountPaise: 359_900,
		}},
		DiscountLabel: "Coupon WELCOME10",
		DiscountPaise: 35_990,
		TaxablePaise:  274_500,
		Taxes:         []Tax{{Label: "IGST 18%", AmountPaise: 49_410}},
		TotalPaise:    323_910,
		Notes: []string{
			"This is a computer-generated invoice and needs no signature.",
			"Prices are inclusive of GST. Tax is not payable on reverse charge.",
		},
	}
}

// intraState is the same order bought from within Tamil Nadu: CGST and SGST.
func intraState() Invoice {
	inv := sample()
	inv.Buyer.State, inv.Buyer.StateCode = "Tamil Nadu", "33"
	inv.PlaceOfSupply = "Tamil Nadu (33)"
	inv.Taxes = []Tax{{Label: "CGST 9%", AmountPaise: 24_705}, {Label: "SGST 9%", AmountPaise: 24_705}}
	return inv
}

func TestRenderRefuses(t *testing.T) {
	for name, change := range map[string]func(*Invoice){
		"NoNumber":         func(inv *Invoice) { inv.Number = "  " },
		"NoLines":          func(inv *Invoice) { inv.Lines = nil },
		"NoDate":           func(inv *Invoice) { inv.IssuedAt = time.Time{} },
		"NegativeLine":     func(inv *Invoice) { inv.Lines[0].AmountPaise = -1 },
		"NegativeDiscount": func(inv *Invoice) { inv.DiscountPaise = -1 },
		"NegativeTax":      func(inv *Invoice) { inv.Taxes[0].AmountPaise = -1 },
		"TotalNotLinesLessDiscount": func(inv *Invoice) {
			inv.TotalPaise++
			inv.TaxablePaise++
		},
		"TaxesDoNotAddUp": func(inv *Invoice) { inv.Taxes[0].AmountPaise++ },
		"LongSAC":         func(inv *Invoice) { inv.Lines[0].SAC = "99843999843999843" },
		"Overflow": func(inv *Invoice) {
			inv.Lines = append(inv.Lines, Line{Description: "x", AmountPaise: math.MaxInt64})
		},
	} {
		t.Run(name, func(t *testing.T) {
			inv := sample()
			change(&inv)
			b, err := Render(inv)
			if err == nil || b != nil {
				t.Fatalf("Render = %d bytes, %v; want an error", len(b), err)
			}
			if !strings.HasPrefix(err.Error(), "pdf: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
		})
	}
}

// poppler returns the path of a poppler-utils tool, failing the test when it
// is missing: a skipped check would let a broken invoice pass CI unseen.
func poppler(t *testing.T, tool string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Fatalf("%s not found: install poppler-utils (apt-get install -y poppler-utils) "+
			"or set TFM_SKIP_PDFTOTEXT=1 to skip the PDF text checks", tool)
	}
	return path
}

// word is one word pdftotext found, with its box in points from the page's
// top-left corner.
type word struct {
	page                   int
	text                   string
	xMin, yMin, xMax, yMax float64
}

// inspect writes doc to a file and returns its text, as pdftotext reads it
// in reading order, its page count from pdfinfo, and where every word lies.
// ok is false when TFM_SKIP_PDFTOTEXT=1 asks for none of this.
func inspect(t *testing.T, doc []byte) (text string, pages int, words []word, ok bool) {
	t.Helper()
	if os.Getenv("TFM_SKIP_PDFTOTEXT") == "1" {
		t.Log("TFM_SKIP_PDFTOTEXT=1: not checking the PDF's text and layout with poppler-utils")
		return "", 0, nil, false
	}
	pdftotext, pdfinfo := poppler(t, "pdftotext"), poppler(t, "pdfinfo")
	f := filepath.Join(t.TempDir(), "invoice.pdf")
	if err := os.WriteFile(f, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) []byte {
		out, err := exec.Command(name, args...).Output()
		if err != nil {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		return out
	}
	text = string(run(pdftotext, "-enc", "UTF-8", f, "-"))
	info := run(pdfinfo, f)
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindSubmatch(info)
	if m == nil {
		t.Fatalf("pdfinfo printed no page count:\n%s", info)
	}
	pages, _ = strconv.Atoi(string(m[1]))

	bbox := string(run(pdftotext, "-enc", "UTF-8", "-bbox", f, "-"))
	re := regexp.MustCompile(`<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	page := 0
	for _, m := range re.FindAllStringSubmatch(bbox, -1) {
		if m[0] == "<page " {
			page++
			continue
		}
		w := word{page: page, text: html.UnescapeString(m[5])}
		for i, p := range []*float64{&w.xMin, &w.yMin, &w.xMax, &w.yMax} {
			*p, _ = strconv.ParseFloat(m[i+1], 64)
		}
		words = append(words, w)
	}
	if len(words) == 0 {
		t.Fatalf("pdftotext -bbox found no words:\n%s", bbox)
	}
	return text, pages, words, true
}

// checkLayout asserts that no word leaves the margins (15 mm, less half a
// point of rounding) and that no two words overlap.
func checkLayout(t *testing.T, words []word) {
	t.Helper()
	const slack = 0.5
	for _, w := range words {
		if w.xMin < margin-slack || w.xMax > pageW-margin+slack || w.yMin < margin-slack || w.yMax > pageH-margin+slack {
			t.Errorf("page %d: %q at (%.1f,%.1f)–(%.1f,%.1f) leaves the margins", w.page, w.text, w.xMin, w.yMin, w.xMax, w.yMax)
		}
	}
	for i, a := range words {
		for _, b := range words[i+1:] {
			if a.page == b.page &&
				min(a.xMax, b.xMax)-max(a.xMin, b.xMin) > slack &&
				min(a.yMax, b.yMax)-max(a.yMin, b.yMin) > slack {
				t.Errorf("page %d: %q and %q overlap", a.page, a.text, b.text)
			}
		}
	}
}

// squash collapses runs of white space, so that text wrapped onto several
// lines compares equal to the original.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

func checkDocument(t *testing.T, doc []byte) {
	t.Helper()
	if !bytes.HasPrefix(doc, []byte("%PDF-")) {
		t.Errorf("document starts %q, want %%PDF-", doc[:min(len(doc), 16)])
	}
	if !bytes.HasSuffix(bytes.TrimRight(doc, "\r\n"), []byte("%%EOF")) {
		t.Errorf("document ends %q, want %%%%EOF", doc[max(0, len(doc)-16):])
	}
}

func TestRender(t *testing.T) {
	for name, inv := range map[string]Invoice{"InterState": sample(), "IntraState": intraState()} {
		t.Run(name, func(t *testing.T) {
			doc, err := Render(inv)
			if err != nil {
				t.Fatal(err)
			}
			checkDocument(t, doc)
			text, pages, words, ok := inspect(t, doc)
			if !ok {
				return
			}
			checkLayout(t, words)
			if pages != 1 {
				t.Errorf("pages = %d, want 1", pages)
			}
			want := []string{
				"TFM Matrimony", "Tax Invoice", "TFM/26-27/000001", "28-11-2026", "TFM-7K3M9Q2X",
				"pay_QwErTy123456", "UPI", "Anita Mary Joseph", "anita.joseph@example.com",
				"GSTIN: 33ABCDE1234F1Z5", "State: Tamil Nadu, code 33", inv.PlaceOfSupply,
				"TFM-CLASSIC membership plan", "3 months, 50 contact views · valid 28-11-2026 to 27-02-2027",
				"998439", "₹3,599.00", "Coupon WELCOME10", "-₹359.90", "₹2,745.00",
				"Total paid", "₹3,239.10",
				"Rupees Three Thousand Two Hundred Thirty-Nine and Ten Paise Only",
				"This is a computer-generated invoice and needs no signature.",
			}
			for _, tax := range inv.Taxes {
				want = append(want, tax.Label, FormatINR(tax.AmountPaise))
			}
			flat := squash(text)
			for _, s := range want {
				if !strings.Contains(flat, s) {
					t.Errorf("the PDF's text lacks %q; it reads:\n%s", s, text)
				}
			}
			// A consumer has no GSTIN: the buyer's block must not print an
			// empty one.
			if n := strings.Count(text, "GSTIN"); n != 1 {
				t.Errorf("GSTIN printed %d times, want once (the seller's)", n)
			}
		})
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	a, err := Render(sample())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(sample())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("the same invoice rendered to different bytes")
	}
}

func TestRenderWrapsLongText(t *testing.T) {
	inv := sample()
	longDesc := strings.Repeat("TFM-PRIME-ASSISTED membership plan with a relationship manager, ", 4) + "and more"
	longDetail := strings.Repeat("12 months, unlimited contact views, profile highlighting, ", 5) + "valid 28-11-2026 to 27-11-2027"
	longAddress := strings.Repeat("Flat 4B, Sacred Heart Residency, St. Thomas Mount Cross Road, ", 3) + "Thrissur"
	unbroken := "averyveryveryverylongemailaddressthathasnospacesatall.family.member@example-domain.co.in"
	inv.Lines[0].Description = longDesc
	inv.Lines[0].Detail = longDetail
	inv.Seller.Lines = []string{longAddress}
	inv.Buyer.Lines = []string{longAddress}
	inv.Buyer.Email = unbroken
	inv.Buyer.Name = strings.Repeat("Mariamma ", 12) + "Kurian"
	inv.DiscountLabel = "Coupon FESTIVAL-OF-LIGHTS-AND-CHRISTMAS-SEASON-SPECIAL-2026 applied at checkout"
	inv.Notes = append(inv.Notes, strings.Repeat("Subject to Chennai jurisdiction. ", 12))

	doc, err := Render(inv)
	if err != nil {
		t.Fatal(err)
	}
	checkDocument(t, doc)
	text, pages, words, ok := inspect(t, doc)
	if !ok {
		return
	}
	checkLayout(t, words)
	if pages != 1 {
		t.Errorf("pages = %d, want 1", pages)
	}
	flat := squash(text)
	joined := strings.Join(strings.Fields(text), "")
	for _, s := range []string{longDesc, longDetail, longAddress, inv.Buyer.Name, inv.Notes[2]} {
		if !strings.Contains(flat, squash(s)) {
			t.Errorf("the PDF's text lacks %q; it reads:\n%s", squash(s), text)
		}
	}
	// An address without spaces is broken inside the word, so only its
	// characters, not its spacing, survive extraction.
	if !strings.Contains(joined, unbroken) {
		t.Errorf("the PDF's text lacks %q; it reads:\n%s", unbroken, text)
	}
	for _, s := range []string{"TFM-7K3M9Q2X", "₹3,239.10", "IGST 18%"} {
		if !strings.Contains(flat, s) {
			t.Errorf("the PDF's text lacks %q after wrapping; it reads:\n%s", s, text)
		}
	}
}

func TestRenderManyLinesBreaksPages(t *testing.T) {
	inv := sample()
	inv.Lines = nil
	for range 40 {
		inv.Lines = append(inv.Lines, Line{
			Description: "Profile highlight add-on",
			Detail:      "7 days at the top of search results",
			SAC:         "998439",
			AmountPaise: 9_900,
		})
	}
	inv.DiscountPaise = 0
	inv.DiscountLabel = ""
	inv.TotalPaise = 40 * 9_900
	inv.TaxablePaise = 335_593
	inv.Taxes = []Tax{{Label: "IGST 18%", AmountPaise: inv.TotalPaise - inv.TaxablePaise}}
	doc, err := Render(inv)
	if err != nil {
		t.Fatal(err)
	}
	checkDocument(t, doc)
	text, pages, words, ok := inspect(t, doc)
	if !ok {
		return
	}
	checkLayout(t, words)
	if pages < 2 {
		t.Fatalf("pages = %d, want at least 2 for 40 lines", pages)
	}
	if n := strings.Count(text, "Profile highlight add-on"); n != 40 {
		t.Errorf("%d lines printed, want 40", n)
	}
	for i := 1; i <= pages; i++ {
		if s := "Page " + strconv.Itoa(i) + " of " + strconv.Itoa(pages); !strings.Contains(text, s) {
			t.Errorf("the PDF's text lacks %q", s)
		}
	}
	if !strings.Contains(text, "₹3,960.00") {
		t.Errorf("the total is missing; the PDF reads:\n%s", text)
	}
}

func TestRenderTextTallerThanAPage(t *testing.T) {
	// Nothing billing sends is this long, but a runaway field must flow onto
	// further pages, not off the bottom of one.
	inv := sample()
	var address []string
	for i := range 70 {
		address = append(address, "Address line "+strconv.Itoa(i+1))
	}
	inv.Seller.Lines = address
	inv.Lines[0].Description = strings.TrimSpace(strings.Repeat("Membership plan with every add-on. ", 150))
	inv.Notes = []string{strings.TrimSpace(strings.Repeat("Terms and conditions apply. ", 600))}
	doc, err := Render(inv)
	if err != nil {
		t.Fatal(err)
	}
	checkDocument(t, doc)
	text, pages, words, ok := inspect(t, doc)
	if !ok {
		return
	}
	checkLayout(t, words)
	if pages < 4 {
		t.Errorf("pages = %d, want at least 4", pages)
	}
	flat := squash(text)
	// Page breaks put the footer and the repeated table header inside the
	// long texts, so their words are counted rather than matched whole.
	for s, n := range map[string]int{"Membership": 150, "add-on.": 150, "Terms": 600, "apply.": 600} {
		if got := strings.Count(flat, s); got != n {
			t.Errorf("%q appears %d times, want %d", s, got, n)
		}
	}
	for _, s := range []string{"Address line 1 ", "Address line 70", "Anita Mary Joseph", "₹3,239.10", "Rupees Three Thousand Two Hundred Thirty-Nine and Ten Paise Only"} {
		if !strings.Contains(flat, s) {
			t.Errorf("the PDF's text lacks %.80q", s)
		}
	}
}

func TestRenderOutsideTheFont(t *testing.T) {
	// Latin letters with diacritics are in the font. DejaVu has no Tamil and
	// gopdf cannot shape it: each such character prints as "?", visibly,
	// while the rest of the name survives.
	inv := sample()
	inv.Buyer.Name = "Zoë Łucja அனிதா Joseph"
	doc, err := Render(inv)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _, ok := inspect(t, doc)
	if !ok {
		return
	}
	if !strings.Contains(text, "Zoë Łucja ????? Joseph") {
		t.Errorf("the buyer's name should read \"Zoë Łucja ????? Joseph\"; the PDF reads:\n%s", text)
	}
}

func TestRenderConcurrently(t *testing.T) {
	want, err := Render(sample())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 8 {
		wg.Go(func() {
			for range 3 {
				inv := sample()
				if i%2 == 1 {
					inv = intraState()
				}
				doc, err := Render(inv)
				if err != nil {
					errs <- err
					return
				}
				if i%2 == 0 && !bytes.Equal(doc, want) {
					errs <- errors.New("a concurrent render differs from a sequential one")
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestRenderSample writes the sample invoice where TFM_PDF_SAMPLE points,
// for looking at the layout after a change:
//
//	TFM_PDF_SAMPLE=/tmp/invoice.pdf go test -run Sample ./server/internal/platform/pdf/
//	pdftoppm -png -r 80 /tmp/invoice.pdf /tmp/invoice
func TestRenderSample(t *testing.T) {
	path := os.Getenv("TFM_PDF_SAMPLE")
	if path == "" {
		t.Skip("set TFM_PDF_SAMPLE=/path/invoice.pdf to write the sample invoice")
	}
	doc, err := Render(sample())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkRender(b *testing.B) {
	inv := sample()
	for b.Loop() {
		if _, err := Render(inv); err != nil {
			b.Fatal(err)
		}
	}
}
