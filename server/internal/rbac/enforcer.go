package rbac

import (
	"context"
	_ "embed" // the Casbin model
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	gormadapter "github.com/casbin/gorm-adapter/v3"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

//go:embed model.conf
var modelText string

// refreshEvery bounds how stale a node's copy of the policy may be: another
// node's role change shows here within this time.
const refreshEvery = time.Second

// ErrUnknownRole refuses a role the policy does not define.
var ErrUnknownRole = errors.New("rbac: unknown role")

// Enforcer answers whether an admin may do something. It is safe for
// concurrent use; every node has one over the shared policy table.
type Enforcer struct {
	e   *casbin.SyncedEnforcer
	db  *store.DB
	log *slog.Logger
	now func() time.Time

	mu        sync.Mutex
	stamp     string // the policy table's fingerprint when last loaded
	checkedAt time.Time
}

// Subject is the Casbin subject of admin id.
func Subject(id uint64) string { return fmt.Sprintf("admin:%d", id) }

// New opens the policy in the casbin_rule table (made by the migrations,
// so the adapter's own auto-migration is off), writes the default role
// definitions to it (DefaultPolicy: lines it lacks are added, lines it no
// longer has are removed; assignments are left alone) and loads it.
func New(ctx context.Context, db *store.DB, log *slog.Logger) (*Enforcer, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	gdb := db.DB.Session(&gorm.Session{NewDB: true, Context: context.Background()})
	gormadapter.TurnOffAutoMigrate(gdb)
	a, err := gormadapter.NewAdapterByDBUseTableName(gdb, "", "casbin_rule")
	if err != nil {
		return nil, fmt.Errorf("rbac: adapter: %w", err)
	}
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, fmt.Errorf("rbac: model: %w", err)
	}
	e, err := casbin.NewSyncedEnforcer(m, a)
	if err != nil {
		return nil, fmt.Errorf("rbac: enforcer: %w", err)
	}
	x := &Enforcer{e: e, db: db, log: log, now: time.Now}
	if err := x.reconcile(); err != nil {
		return nil, err
	}
	if err := x.reload(ctx); err != nil {
		return nil, err
	}
	return x, nil
}

// reconcile makes the role definitions ("p" lines) the default policy's.
// Two nodes starting at once may both add a line: the second meets the
// unique index, which is fine, and the policy is loaded again.
func (x *Enforcer) reconcile() error {
	want := map[[3]string]bool{}
	var add [][]string
	for role, perms := range DefaultPolicy() {
		for _, p := range perms {
			want[[3]string{role, p.Object(), p.Action()}] = true
		}
	}
	have, err := x.e.GetPolicy()
	if err != nil {
		return fmt.Errorf("rbac: reading the policy: %w", err)
	}
	var remove [][]string
	got := map[[3]string]bool{}
	for _, l := range have {
		if len(l) != 3 || !want[[3]string{l[0], l[1], l[2]}] {
			remove = append(remove, l)
			continue
		}
		got[[3]string{l[0], l[1], l[2]}] = true
	}
	for k := range want {
		if !got[k] {
			add = append(add, []string{k[0], k[1], k[2]})
		}
	}
	if len(remove) > 0 {
		if _, err := x.e.RemovePolicies(remove); err != nil {
			return fmt.Errorf("rbac: removing stale policy lines: %w", err)
		}
	}
	for _, l := range add {
		if _, err := x.e.AddPolicy(l); err != nil && !store.IsUniqueViolation(err) {
			return fmt.Errorf("rbac: adding policy lines: %w", err)
		}
	}
	return nil
}

// fingerprint changes whenever a line is added or removed (the adapter
// never updates lines in place).
func (x *Enforcer) fingerprint(ctx context.Context) (string, error) {
	var row struct {
		N   int64
		Top uint64
	}
	err := x.db.WithContext(ctx).Raw("SELECT COUNT(*) AS n, COALESCE(MAX(id), 0) AS top FROM casbin_rule").Scan(&row).Error
	return fmt.Sprintf("%d/%d", row.N, row.Top), err
}

// reload loads the policy from the table and remembers its fingerprint.
func (x *Enforcer) reload(ctx context.Context) error {
	stamp, err := x.fingerprint(ctx)
	if err != nil {
		return fmt.Errorf("rbac: reading the policy: %w", err)
	}
	if err := x.e.LoadPolicy(); err != nil {
		return fmt.Errorf("rbac: loading the policy: %w", err)
	}
	x.mu.Lock()
	x.stamp, x.checkedAt = stamp, x.now()
	x.mu.Unlock()
	return nil
}

// Current loads the policy again now if another node or process changed
// it, without waiting for refreshEvery: for the back office's own view of
// an admin (sign-in and "me"), so a role given a moment ago shows at the
// first sign-in rather than after the next reload. One small read.
func (x *Enforcer) Current(ctx context.Context) error {
	return x.check(ctx, true)
}

// refresh loads the policy again when another node changed it; it looks at
// most once per refreshEvery.
func (x *Enforcer) refresh(ctx context.Context) error { return x.check(ctx, false) }

// check compares the policy's fingerprint with the loaded one and reloads
// when they differ: always when force, else at most once per refreshEvery.
func (x *Enforcer) check(ctx context.Context, force bool) error {
	x.mu.Lock()
	due := force || x.now().Sub(x.checkedAt) >= refreshEvery
	stamp := x.stamp
	if due {
		x.checkedAt = x.now()
	}
	x.mu.Unlock()
	if !due {
		return nil
	}
	now, err := x.fingerprint(ctx)
	if err != nil {
		return err
	}
	if now == stamp {
		return nil
	}
	return x.reload(ctx)
}

// Allowed reports whether admin id holds permission p. An error (the
// policy could not be read or evaluated) is never a yes: callers answer 500.
func (x *Enforcer) Allowed(ctx context.Context, id uint64, p Permission) (bool, error) {
	if err := x.refresh(ctx); err != nil {
		return false, fmt.Errorf("rbac: %w", err)
	}
	ok, err := x.e.Enforce(Subject(id), p.Object(), p.Action())
	if err != nil {
		return false, fmt.Errorf("rbac: enforce %s: %w", p, err)
	}
	return ok, nil
}

// Roles returns admin id's roles, sorted.
func (x *Enforcer) Roles(ctx context.Context, id uint64) ([]string, error) {
	if err := x.refresh(ctx); err != nil {
		return nil, err
	}
	roles, err := x.e.GetRolesForUser(Subject(id))
	if err != nil {
		return nil, fmt.Errorf("rbac: roles: %w", err)
	}
	slices.Sort(roles)
	return roles, nil
}

// Permissions lists what admin id may do, in catalog order.
func (x *Enforcer) Permissions(ctx context.Context, id uint64) ([]Permission, error) {
	out := []Permission{}
	for _, p := range Catalog() {
		ok, err := x.Allowed(ctx, id, p)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// SetRoles makes roles admin id's roles (none takes every permission away).
// An unknown role is ErrUnknownRole and changes nothing.
func (x *Enforcer) SetRoles(ctx context.Context, id uint64, roles []string) error {
	for _, r := range roles {
		if !ValidRole(r) {
			return fmt.Errorf("%w %q", ErrUnknownRole, r)
		}
	}
	if err := x.refresh(ctx); err != nil {
		return err
	}
	sub := Subject(id)
	if _, err := x.e.DeleteRolesForUser(sub); err != nil {
		return fmt.Errorf("rbac: clearing roles: %w", err)
	}
	for _, r := range slices.Compact(slices.Sorted(slices.Values(roles))) {
		if _, err := x.e.AddRoleForUser(sub, r); err != nil {
			return fmt.Errorf("rbac: adding role %s: %w", r, err)
		}
	}
	return x.reload(ctx)
}
