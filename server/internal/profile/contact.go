package profile

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// What the partner view says about a member's contact (ContactAccess.State).
const (
	AccessShown       = "shown"       // the full contact is in the answer
	AccessAvailable   = "available"   // a contact view of the viewer's plan reveals it
	AccessNoPlan      = "noPlan"      // the viewer has no paid plan
	AccessNoViewsLeft = "noViewsLeft" // the viewer's plan has no contact views left
	AccessFilter      = "filter"      // the member's contact filter (or the same gender) keeps it from the viewer
)

// Messages of the contact filter and contact views.
const (
	MsgContactSameGender = "Contact details are shared only between brides and grooms"
	MsgContactVerified   = "This member shares contact details only with members whose mobile number is verified. Verify your mobile number in My Account to view them."
	MsgContactAccepted   = "This member shares contact details only after an invitation is accepted. Send an invitation; once it is accepted, you can view the contact."
	msgContactAvailable  = "Viewing the full number and e-mail uses 1 of your %d contact views. Seeing this member again during your plan costs nothing."
)

// ContactAccess is whether the viewer sees a member's contact, and if not,
// what it takes: the partner view's "View contact".
type ContactAccess struct {
	State     string `json:"state"`
	ViewsLeft int    `json:"viewsLeft"`
	Message   string `json:"message"`
}

// ContactReveal is a contact view's answer: the full contact, whether a view
// was spent, and the views left.
type ContactReveal struct {
	Contact          Contact `json:"contact"`
	Charged          bool    `json:"charged"`
	ContactViewsLeft int     `json:"contactViewsLeft"`
}

// filterRefusal is why owner's contact filter keeps their contact from
// viewer ("" when it lets them see it). Every filter wants a paid viewer;
// "verified" also a verified mobile, "accepted" an accepted invitation.
func (s *Service) filterRefusal(ctx context.Context, viewerID uint64, owner *row) (string, error) {
	switch owner.ContactFilter {
	case ContactVerified:
		var n int64
		err := s.db.WithContext(ctx).Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Where("p.id = ? AND u.phone_verified_at IS NOT NULL", viewerID).Count(&n).Error
		if err != nil || n > 0 {
			return "", err
		}
		return MsgContactVerified, nil
	case ContactAccepted:
		ok, err := s.rel.InvitationAccepted(ctx, viewerID, owner.ID)
		if err != nil || ok {
			return "", err
		}
		return MsgContactAccepted, nil
	}
	return "", nil
}

// phoneShared reports whether owner shares their contact with viewer by
// accepting viewer's phone request, within owner's contact filter: the
// accept is the owner's consent, so "paid" asks nothing more, while
// "verified" still wants viewer's mobile verified and "accepted" an
// accepted invitation between them. It uses no contact view of a plan.
func (s *Service) phoneShared(ctx context.Context, viewerID uint64, owner *row) (bool, error) {
	ok, err := s.rel.RequestAccepted(ctx, relation.KindPhone, viewerID, owner.ID)
	if err != nil || !ok {
		return false, err
	}
	why, err := s.filterRefusal(ctx, viewerID, owner)
	return why == "", err
}

// contactAccess decides what the partner view shows of owner's contact.
func (s *Service) contactAccess(ctx context.Context, viewerID uint64, owner *row, self bool) (ContactAccess, error) {
	if self {
		return ContactAccess{State: AccessShown}, nil
	}
	if shared, err := s.phoneShared(ctx, viewerID, owner); err != nil || shared {
		return ContactAccess{State: AccessShown}, internal(err)
	}
	ent, err := s.plans.Entitlements(ctx, viewerID)
	if err != nil {
		return ContactAccess{}, err
	}
	var gender int
	if err := s.db.WithContext(ctx).Table("profiles").Where("id = ?", viewerID).Pluck("gender", &gender).Error; err != nil {
		return ContactAccess{}, internal(err)
	}
	if gender == owner.Gender {
		return ContactAccess{State: AccessFilter, Message: MsgContactSameGender}, nil
	}
	why, err := s.filterRefusal(ctx, viewerID, owner)
	if err != nil {
		return ContactAccess{}, internal(err)
	}
	viewed, err := s.plans.ContactViewed(ctx, viewerID, owner.ID)
	if err != nil {
		return ContactAccess{}, err
	}
	switch {
	case !ent.Paid:
		return ContactAccess{State: AccessNoPlan, Message: billing.MsgNeedPlan}, nil
	case why != "":
		return ContactAccess{State: AccessFilter, ViewsLeft: ent.ContactViewsLeft, Message: why}, nil
	case viewed:
		return ContactAccess{State: AccessShown, ViewsLeft: ent.ContactViewsLeft}, nil
	case ent.ContactViewsLeft <= 0:
		return ContactAccess{State: AccessNoViewsLeft, Message: billing.MsgNoContactViews}, nil
	}
	return ContactAccess{State: AccessAvailable, ViewsLeft: ent.ContactViewsLeft, Message: fmt.Sprintf(msgContactAvailable, ent.ContactViewsLeft)}, nil
}

// fullContact is owner's whole contact, with the contact person and call time they gave.
func (s *Service) fullContact(db *gorm.DB, owner *row) (Contact, error) {
	ms, err := s.settingsRow(db, owner.ID)
	if err != nil {
		return Contact{}, err
	}
	return Contact{PhoneCode: owner.PhoneCode, Phone: owner.Phone, Email: owner.Email, ContactPerson: ms.ContactPerson,
		ContactRelation: ms.ContactRelation, CallTime: ms.CallTime}, nil
}

// ViewContact reveals the full phone and e-mail of the member with public id
// code to viewer (profile/partner/contact-view/{id}). A member who shared
// their number through a phone request, or whom viewer saw earlier in the
// same paid period, costs nothing; otherwise one contact view is spent in
// the transaction that reads the contact. Unknown, hidden, deleted,
// suspended and blocked members are NotFound; the same gender and the
// owner's contact filter are Forbidden; no plan or no views left is
// PaymentRequired (402).
func (s *Service) ViewContact(ctx context.Context, viewerID uint64, code string) (*ContactReveal, error) {
	db := s.db.WithContext(ctx)
	r, err := s.partnerRow(ctx, viewerID, code)
	if err != nil {
		return nil, err
	}
	if r.ID == viewerID {
		c, err := s.fullContact(db, r)
		return &ContactReveal{Contact: c}, internal(err)
	}
	access, err := s.contactAccess(ctx, viewerID, r, false)
	if err != nil {
		return nil, err
	}
	switch access.State {
	case AccessFilter:
		return nil, apperr.New(apperr.Forbidden, access.Message)
	case AccessNoPlan, AccessNoViewsLeft:
		return nil, apperr.New(apperr.PaymentRequired, access.Message)
	}
	out := &ContactReveal{ContactViewsLeft: access.ViewsLeft}
	if access.State == AccessShown {
		out.Contact, err = s.fullContact(db, r)
		return out, internal(err)
	}
	err = store.Retry(ctx, 5, func() error {
		return db.Transaction(func(tx *gorm.DB) error {
			charged, left, err := s.plans.SpendContactView(tx, viewerID, r.ID)
			if err != nil {
				return err
			}
			out.Charged, out.ContactViewsLeft = charged, left
			out.Contact, err = s.fullContact(tx, r)
			return err
		})
	})
	if err != nil {
		return nil, internal(err)
	}
	return out, nil
}

// ContactCard is a member whose contact the viewer viewed with their plan
// (Inbox → Contacts): the card, when, and the contact, in full while it is
// still the viewer's to see (the same paid period, the filter still met).
type ContactCard struct {
	Card
	ViewedAt time.Time `json:"viewedAt"`
	Contact  Contact   `json:"contact"`
}

// ContactViews pages the members whose contact viewer viewed, newest
// first (list-of-contactview), among the members viewer may see now.
func (s *Service) ContactViews(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page[ContactCard], error) {
	views, total, err := s.plans.ContactViewPage(ctx, viewerID, skip, limit)
	if err != nil {
		return nil, err
	}
	ids := make([]uint64, 0, len(views))
	for _, v := range views {
		ids = append(ids, v.ProfileID)
	}
	cards, err := s.Cards(ctx, viewerID, viewerCode, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uint64]Card, len(cards))
	for _, c := range cards {
		byID[c.InternalID()] = c
	}
	db := s.db.WithContext(ctx)
	out := &Page[ContactCard]{Items: make([]ContactCard, 0, len(views)), Total: total}
	for _, v := range views {
		c, ok := byID[v.ProfileID]
		if !ok {
			continue
		}
		r, found, err := loadRow(db, "p.id = ?", v.ProfileID)
		if err != nil {
			return nil, internal(err)
		}
		if !found {
			continue
		}
		item := ContactCard{Card: c, ViewedAt: v.ViewedAt,
			Contact: Contact{PhoneCode: r.PhoneCode, Phone: MaskPhone(r.Phone), Email: MaskEmail(r.Email), Masked: true}}
		if v.Current {
			why, err := s.filterRefusal(ctx, viewerID, r)
			if err != nil {
				return nil, internal(err)
			}
			if why == "" {
				if item.Contact, err = s.fullContact(db, r); err != nil {
					return nil, internal(err)
				}
			}
		}
		out.Items = append(out.Items, item)
	}
	return out, nil
}

// Buyer returns what an invoice says about a member: name, e-mail, phone
// and state (billing.Buyers).
func (s *Service) Buyer(ctx context.Context, profileID uint64) (billing.Buyer, error) {
	r, ok, err := loadRow(s.db.WithContext(ctx), "p.id = ?", profileID)
	if err != nil {
		return billing.Buyer{}, internal(err)
	}
	if !ok {
		return billing.Buyer{}, notFound()
	}
	phone := r.Phone
	if phone != "" && r.PhoneCode != "" {
		phone = r.PhoneCode + " " + phone
	}
	return billing.Buyer{Name: r.Name, Email: r.Email, Phone: phone, State: r.StateName}, nil
}
