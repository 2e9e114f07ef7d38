package billing

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/platform/pdf"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// MsgNoInvoice answers an invoice that does not exist: an unpaid order, or
// an order that is not the caller's.
const MsgNoInvoice = "Invoice not found"

// invoiceRow is a row of invoices.
type invoiceRow struct {
	ID           uint64
	OrderID      uint64
	Number       string
	FY           string `gorm:"column:fy"`
	Seq          int
	IssuedAt     time.Time
	BuyerName    string
	BuyerEmail   string
	BuyerPhone   string
	BuyerState   string
	SellerState  string
	SAC          string `gorm:"column:sac"`
	TaxablePaise int64
	CGSTPaise    int64 `gorm:"column:cgst_paise"`
	SGSTPaise    int64 `gorm:"column:sgst_paise"`
	IGSTPaise    int64 `gorm:"column:igst_paise"`
	TotalPaise   int64
}

// TableName is the invoices table.
func (invoiceRow) TableName() string { return "invoices" }

// nextInvoiceSeq takes the next number of financial year fy inside tx: the
// counter row is updated in the grant's transaction, so a rolled-back grant
// gives its number back and the series has no gaps.
func nextInvoiceSeq(tx *gorm.DB, fy string) (int, error) {
	for range 3 {
		res := tx.Exec("UPDATE invoice_counters SET last_seq = last_seq + 1 WHERE fy = ?", fy)
		if res.Error != nil {
			return 0, res.Error
		}
		if res.RowsAffected == 1 {
			break
		}
		err := tx.Exec("INSERT INTO invoice_counters (fy, last_seq) VALUES (?, 1)", fy).Error
		if err == nil {
			break
		}
		if !store.IsUniqueViolation(err) { // another grant opened the year first: count on its row
			return 0, err
		}
	}
	var seq int
	err := tx.Raw("SELECT last_seq FROM invoice_counters WHERE fy = ?", fy).Scan(&seq).Error
	return seq, err
}

// InvoiceSettings are the seller and the numbering on invoices.
type InvoiceSettings struct {
	Seller Seller
	// Prefix heads invoice numbers ("TFM"); SAC is the services code printed on them (DefaultSAC when empty).
	Prefix, SAC string
}

// invoicer numbers and stores invoices.
type invoicer struct {
	seller      Seller
	prefix, sac string
}

func newInvoicer(c InvoiceSettings) invoicer {
	v := invoicer{seller: c.Seller, prefix: c.Prefix, sac: c.SAC}
	if v.prefix == "" {
		v.prefix = "TFM"
	}
	if v.sac == "" {
		v.sac = DefaultSAC
	}
	return v
}

// issueInvoice numbers and stores the tax invoice of paid order o for buyer.
func (s *invoicer) issueInvoice(tx *gorm.DB, o *orderRow, buyer Buyer, now time.Time) error {
	fy := FinancialYear(now)
	seq, err := nextInvoiceSeq(tx, fy)
	if err != nil {
		return err
	}
	state := placeOfSupply(buyer.State, s.seller.State)
	t := SplitGST(o.AmountPaise, s.seller.State, state)
	return tx.Create(&invoiceRow{OrderID: o.ID, Number: InvoiceNumber(s.prefix, fy, seq), FY: fy, Seq: seq, IssuedAt: now,
		BuyerName: buyer.Name, BuyerEmail: buyer.Email, BuyerPhone: buyer.Phone, BuyerState: state, SellerState: s.seller.State,
		SAC: s.sac, TaxablePaise: t.TaxablePaise, CGSTPaise: t.CGSTPaise, SGSTPaise: t.SGSTPaise, IGSTPaise: t.IGSTPaise,
		TotalPaise: o.AmountPaise}).Error
}

// Invoice is a rendered invoice: its file name and the PDF.
type Invoice struct {
	FileName string
	PDF      []byte
}

// InvoicePDF renders the invoice of member's order orderNo (generate/invoice/{id}).
// Only the buyer gets it: another member's order, an unknown one and an
// unpaid one all answer NotFound.
func (s *Service) InvoicePDF(ctx context.Context, member uint64, orderNo string) (*Invoice, error) {
	db := s.db.WithContext(ctx)
	o, err := s.orderOf(db, member, orderNo)
	if err != nil {
		if apperr.KindOf(err) == apperr.NotFound {
			return nil, apperr.New(apperr.NotFound, MsgNoInvoice)
		}
		return nil, internal(err)
	}
	return s.renderInvoice(db, o)
}

// renderInvoice renders order o's invoice, or NotFound when it has none.
func (s *Service) renderInvoice(db *gorm.DB, o *orderRow) (*Invoice, error) {
	var inv invoiceRow
	if err := db.Where("order_id = ?", o.ID).Take(&inv).Error; err != nil {
		return nil, store.Translate(err, MsgNoInvoice, "")
	}
	x, err := s.extras(db, []orderRow{*o})
	if err != nil {
		return nil, internal(err)
	}
	doc := s.invoiceDoc(o, &inv, x[o.ID])
	b, err := pdf.Render(doc)
	if err != nil {
		return nil, internal(err)
	}
	return &Invoice{FileName: strings.ReplaceAll(s.prefix+"-Invoice-"+inv.Number, "/", "-") + ".pdf", PDF: b}, nil
}

// invoiceDoc lays out what the invoice says.
func (s *Service) invoiceDoc(o *orderRow, inv *invoiceRow, x *extra) pdf.Invoice {
	detail := fmt.Sprintf("%d months, %d contact views", o.PlanMonths, o.ContactViews)
	if x != nil && x.validFrom != nil && x.validEnd != nil {
		detail += fmt.Sprintf(" · valid %s to %s", dates.Day(*x.validFrom), dates.Day(*x.validEnd))
	}
	doc := pdf.Invoice{Brand: s.brand, Title: "Tax Invoice", Number: inv.Number, IssuedAt: inv.IssuedAt, OrderID: o.OrderNo,
		PaymentID: o.PaymentID, PaymentMethod: o.Method,
		Seller:        pdf.Party{Name: s.seller.Name, Lines: s.seller.Lines, GSTIN: s.seller.GSTIN, State: s.seller.State, StateCode: StateCode(s.seller.State)},
		Buyer:         pdf.Party{Name: inv.BuyerName, Email: inv.BuyerEmail, Phone: inv.BuyerPhone, State: inv.BuyerState, StateCode: StateCode(inv.BuyerState)},
		Lines:         []pdf.Line{{Description: o.PlanName + " membership plan", Detail: detail, SAC: inv.SAC, AmountPaise: o.ListPricePaise}},
		DiscountPaise: o.DiscountPaise, TaxablePaise: inv.TaxablePaise, TotalPaise: inv.TotalPaise,
		Notes: []string{
			fmt.Sprintf("Prices include GST at %d%%.", GSTRate),
			"This is a computer-generated invoice and needs no signature.",
		}}
	if doc.Buyer.Name == "" {
		doc.Buyer.Name = "Member (account deleted)"
	}
	if code := StateCode(inv.BuyerState); code != "" {
		doc.PlaceOfSupply = fmt.Sprintf("%s (%s)", inv.BuyerState, code)
	} else {
		doc.PlaceOfSupply = inv.BuyerState
	}
	if o.CouponCode != "" {
		doc.DiscountLabel = "Coupon " + o.CouponCode
	}
	half := GSTRate / 2
	switch {
	case inv.IGSTPaise > 0:
		doc.Taxes = []pdf.Tax{{Label: fmt.Sprintf("IGST %d%%", GSTRate), AmountPaise: inv.IGSTPaise}}
	case inv.CGSTPaise == 0 && inv.SGSTPaise == 0: // no state known on either side
		doc.Taxes = []pdf.Tax{{Label: fmt.Sprintf("GST %d%%", GSTRate), AmountPaise: inv.TotalPaise - inv.TaxablePaise}}
	default:
		doc.Taxes = []pdf.Tax{{Label: fmt.Sprintf("CGST %d%%", half), AmountPaise: inv.CGSTPaise}, {Label: fmt.Sprintf("SGST %d%%", half), AmountPaise: inv.SGSTPaise}}
	}
	if o.Status == OrderRefunded {
		doc.Notes = append(doc.Notes, "This order was refunded; a credit note is issued against this invoice where GST law requires one.")
	}
	return doc
}
