package billing

import (
	"context"

	"gorm.io/gorm"
)

// ForgetMember de-identifies what billing keeps about a member whose account
// is being deleted, inside the deletion's transaction (an account.DeleteHook):
// orders, payments and invoices stay, as Indian tax law requires, but the
// invoices lose the buyer's name, e-mail and phone and the orders their link
// to the profile. The state stays: it is the place of supply, and names nobody.
// Subscriptions and contact views go with the profile.
func (s *Service) ForgetMember(ctx context.Context, tx *gorm.DB, profileID uint64) error {
	if profileID == 0 {
		return nil
	}
	if err := tx.Exec(`UPDATE invoices SET buyer_name = '', buyer_email = '', buyer_phone = ''
		WHERE order_id IN (SELECT id FROM orders WHERE profile_id = ?)`, profileID).Error; err != nil {
		return err
	}
	if err := tx.Exec("DELETE FROM contact_views WHERE viewer_id = ? OR owner_id = ?", profileID, profileID).Error; err != nil {
		return err
	}
	return tx.Exec("UPDATE orders SET profile_id = NULL WHERE profile_id = ?", profileID).Error
}
