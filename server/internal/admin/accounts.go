package admin

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// MinPasswordLength is an admin password's least length: longer than a
// member's 8, within the member rule's 20.
const MinPasswordLength = 12

// CreateInput makes an admin (the CLI's `tfm admin create` and the superadmin's screen).
type CreateInput struct {
	Email    string   `json:"email"`
	Name     string   `json:"name"`
	Password string   `json:"password"`
	Roles    []string `json:"roles"`
}

// AdminRow is an admin as the superadmin's list shows them.
type AdminRow struct {
	ID          uint64     `json:"id"`
	Email       string     `json:"email"`
	Name        string     `json:"name"`
	Roles       []string   `json:"roles"`
	Status      string     `json:"status"`
	TOTPEnabled bool       `json:"totpEnabled"`
	LastLoginAt *time.Time `json:"lastLoginAt"`
	CreatedAt   time.Time  `json:"createdAt"`
}

// Create makes an admin with a password (the member password rule) and
// roles; the second factor is set up at their first login.
func (s *Service) Create(ctx context.Context, in CreateInput) (*AdminRow, error) {
	email := strings.ToLower(strings.TrimSpace(in.Email))
	name := strings.TrimSpace(in.Name)
	errs := map[string]string{}
	if m := content.ValidateEmail(email); m != "" {
		errs["email"] = m
	}
	if n := utf8.RuneCountInString(name); n < 2 || n > 100 {
		errs["name"] = "Name must be 2 to 100 characters"
	}
	if m := account.ValidatePassword(in.Password); m != "" {
		errs["password"] = m
	} else if len(in.Password) < MinPasswordLength {
		errs["password"] = "Admin passwords need at least 12 characters"
	}
	if m := checkRoles(in.Roles); m != "" {
		errs["roles"] = m
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "email", "name", "password", "roles")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.cost)
	if err != nil {
		return nil, internal(err)
	}
	now := s.clock()
	row := &adminRow{Email: email, Name: name, PasswordHash: string(hash), Role: "", Status: StatusActive, CreatedAt: now, UpdatedAt: &now}
	if err := s.db.WithContext(ctx).Create(row).Error; err != nil {
		if store.IsUniqueViolation(err) {
			return nil, apperr.Validation(map[string]string{"email": MsgEmailTaken}, "email")
		}
		return nil, internal(err)
	}
	if err := s.rbac.SetRoles(ctx, row.ID, in.Roles); err != nil {
		return nil, internal(err)
	}
	return s.row(ctx, row)
}

// checkRoles says what is wrong with a role list ("" when nothing).
func checkRoles(roles []string) string {
	if len(roles) == 0 {
		return MsgNeedRole
	}
	for _, r := range roles {
		if !rbac.ValidRole(r) {
			return "Unknown role: " + r
		}
	}
	return ""
}

func (s *Service) row(ctx context.Context, a *adminRow) (*AdminRow, error) {
	roles, err := s.rbac.Roles(ctx, a.ID)
	if err != nil {
		return nil, internal(err)
	}
	return &AdminRow{ID: a.ID, Email: a.Email, Name: a.Name, Roles: roles, Status: a.Status, TOTPEnabled: a.TOTPEnabledAt != nil,
		LastLoginAt: a.LastLoginAt, CreatedAt: a.CreatedAt}, nil
}

// List returns every admin, by e-mail.
func (s *Service) List(ctx context.Context) ([]*AdminRow, error) {
	var rows []adminRow
	if err := s.db.WithContext(ctx).Order("email").Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := make([]*AdminRow, 0, len(rows))
	for i := range rows {
		r, err := s.row(ctx, &rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Get returns admin id.
func (s *Service) Get(ctx context.Context, id uint64) (*AdminRow, error) {
	a, err := s.byID(s.db.WithContext(ctx), id)
	if err != nil {
		return nil, err
	}
	return s.row(ctx, a)
}

// SetRoles gives admin id exactly roles, on behalf of actor (a superadmin).
// An admin cannot take their own roles away, and the last active
// superadmin keeps theirs. The admin's sessions end, so the new rights
// apply from their next login.
func (s *Service) SetRoles(ctx context.Context, actor *Principal, id uint64, roles []string) (*AdminRow, error) {
	if m := checkRoles(roles); m != "" {
		return nil, apperr.Validation(map[string]string{"roles": m}, "roles")
	}
	if _, err := s.byID(s.db.WithContext(ctx), id); err != nil {
		return nil, err
	}
	if err := s.keepSuperadmin(ctx, actor, id, slices.Contains(roles, rbac.Superadmin)); err != nil {
		return nil, err
	}
	if err := s.rbac.SetRoles(ctx, id, roles); err != nil {
		return nil, internal(err)
	}
	if err := s.endSessions(s.db.WithContext(ctx), id); err != nil {
		return nil, internal(err)
	}
	return s.Get(ctx, id)
}

// keepSuperadmin refuses a change that would leave id (if it is the actor)
// without their superadmin role, or no active superadmin at all.
func (s *Service) keepSuperadmin(ctx context.Context, actor *Principal, id uint64, staysSuper bool) error {
	if staysSuper {
		return nil
	}
	roles, err := s.rbac.Roles(ctx, id)
	if err != nil {
		return internal(err)
	}
	if !slices.Contains(roles, rbac.Superadmin) {
		return nil
	}
	if actor != nil && actor.AdminID == id {
		return apperr.New(apperr.Conflict, MsgSelfLockout)
	}
	var others []uint64
	if err := s.db.WithContext(ctx).Model(&adminRow{}).Where("status = ? AND id <> ?", StatusActive, id).Pluck("id", &others).Error; err != nil {
		return internal(err)
	}
	for _, o := range others {
		r, err := s.rbac.Roles(ctx, o)
		if err != nil {
			return internal(err)
		}
		if slices.Contains(r, rbac.Superadmin) {
			return nil
		}
	}
	return apperr.New(apperr.Conflict, MsgLastSuperadmin)
}

// SetStatus disables or enables admin id (a disabled admin cannot log in
// and their sessions end at once).
func (s *Service) SetStatus(ctx context.Context, actor *Principal, id uint64, status string) (*AdminRow, error) {
	if status != StatusActive && status != StatusDisabled {
		return nil, apperr.Validation(map[string]string{"status": "Choose active or disabled"}, "status")
	}
	if status == StatusDisabled {
		if actor != nil && actor.AdminID == id {
			return nil, apperr.New(apperr.Conflict, MsgSelfLockout)
		}
		if err := s.keepSuperadmin(ctx, actor, id, false); err != nil {
			return nil, err
		}
	}
	return s.updateAndSignOut(ctx, id, map[string]any{"status": status})
}

// ResetTOTP makes admin id set up their authenticator again at the next
// login (a lost phone); their sessions end.
func (s *Service) ResetTOTP(ctx context.Context, id uint64) (*AdminRow, error) {
	return s.updateAndSignOut(ctx, id, map[string]any{"totp_secret": "", "totp_enabled_at": nil})
}

// updateAndSignOut changes admin id's row and ends their sessions in one
// transaction, then returns the admin as the list shows them.
func (s *Service) updateAndSignOut(ctx context.Context, id uint64, fields map[string]any) (*AdminRow, error) {
	fields["updated_at"] = s.clock()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&adminRow{}).Where("id = ?", id).Updates(fields)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, MsgAdminNotFound)
		}
		return s.endSessions(tx, id)
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.Get(ctx, id)
}

// RolePermissions lists each role with its permissions (the roles screen).
func (s *Service) RolePermissions() []RoleInfo {
	out := []RoleInfo{}
	pol := rbac.DefaultPolicy()
	for _, r := range rbac.Roles() {
		out = append(out, RoleInfo{Role: r, Permissions: pol[r]})
	}
	return out
}

// RoleInfo is a role and what it may do.
type RoleInfo struct {
	Role        string            `json:"role"`
	Permissions []rbac.Permission `json:"permissions"`
}
