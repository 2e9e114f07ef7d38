package billing

import (
	"fmt"
	"strings"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/dates"
)

// gstStateCodes are the GST state codes of India's states and union
// territories, by the names the master data uses (they head a GSTIN and
// name the place of supply on an invoice).
var gstStateCodes = map[string]string{
	"jammu and kashmir": "01", "himachal pradesh": "02", "punjab": "03", "chandigarh": "04", "uttarakhand": "05",
	"haryana": "06", "delhi": "07", "rajasthan": "08", "uttar pradesh": "09", "bihar": "10", "sikkim": "11",
	"arunachal pradesh": "12", "nagaland": "13", "manipur": "14", "mizoram": "15", "tripura": "16", "meghalaya": "17",
	"assam": "18", "west bengal": "19", "jharkhand": "20", "odisha": "21", "chhattisgarh": "22", "madhya pradesh": "23",
	"gujarat": "24", "dadra and nagar haveli and daman and diu": "26", "maharashtra": "27", "karnataka": "29",
	"goa": "30", "lakshadweep": "31", "kerala": "32", "tamil nadu": "33", "puducherry": "34",
	"andaman and nicobar islands": "35", "telangana": "36", "andhra pradesh": "37", "ladakh": "38",
}

// StateCode returns the GST code of an Indian state or union territory by
// name ("Kerala" → "32"), or "" when unknown.
func StateCode(state string) string {
	return gstStateCodes[strings.ToLower(strings.TrimSpace(state))]
}

// Tax is the GST inside a GST-inclusive amount.
type Tax struct {
	TaxablePaise int64 `json:"taxablePaise"`
	GSTPaise     int64 `json:"gstPaise"`
	CGSTPaise    int64 `json:"cgstPaise"`
	SGSTPaise    int64 `json:"sgstPaise"`
	IGSTPaise    int64 `json:"igstPaise"`
}

// SplitGST takes the GST out of total (which includes it): the taxable value
// is total / 1.18 rounded to the paisa, the rest is tax. When both states are
// known and equal (an intra-state supply) the tax is CGST and SGST in halves;
// when they differ, IGST; when the buyer's state is unknown (a visitor's
// quote) only GSTPaise is set.
func SplitGST(total int64, sellerState, buyerState string) Tax {
	taxable := (total*100*2 + (100 + GSTRate)) / (2 * (100 + GSTRate)) // round half up
	t := Tax{TaxablePaise: taxable, GSTPaise: total - taxable}
	switch {
	case buyerState == "" || sellerState == "":
	case strings.EqualFold(strings.TrimSpace(buyerState), strings.TrimSpace(sellerState)):
		t.CGSTPaise = t.GSTPaise / 2
		t.SGSTPaise = t.GSTPaise - t.CGSTPaise
	default:
		t.IGSTPaise = t.GSTPaise
	}
	return t
}

// FinancialYear is India's financial year (April to March) that t falls in,
// in India time, as "2026-27".
func FinancialYear(t time.Time) string {
	t = t.In(dates.India)
	y := t.Year()
	if t.Month() < time.April {
		y--
	}
	return fmt.Sprintf("%d-%02d", y, (y+1)%100)
}

// InvoiceNumber is the invoice number for seq in financial year fy with
// prefix: "TFM/26-27/000001", at most 16 characters for a 3-letter prefix
// (GST rule 46 allows 16).
func InvoiceNumber(prefix, fy string, seq int) string {
	return fmt.Sprintf("%s/%s/%06d", prefix, fy[2:], seq)
}

// rupees formats paise as whole rupees with Indian grouping ("₹3,999") when
// there are no paise, and with them otherwise ("₹3,389.83").
func rupees(paise int64) string {
	neg := paise < 0
	if neg {
		paise = -paise
	}
	whole, frac := paise/100, paise%100
	s := fmt.Sprint(whole)
	if len(s) > 3 {
		head, tail := s[:len(s)-3], s[len(s)-3:]
		var parts []string
		for len(head) > 2 {
			parts = append([]string{head[len(head)-2:]}, parts...)
			head = head[:len(head)-2]
		}
		if head != "" {
			parts = append([]string{head}, parts...)
		}
		s = strings.Join(parts, ",") + "," + tail
	}
	if frac != 0 {
		s += fmt.Sprintf(".%02d", frac)
	}
	if neg {
		return "-₹" + s
	}
	return "₹" + s
}
