package rbac_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/rbac"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func TestPolicy(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			// A line someone slipped into the table is not part of the reviewed policy: the start removes it.
			if err := db.Exec("INSERT INTO casbin_rule (ptype, v0, v1, v2) VALUES ('p', 'content', 'plans', 'write')").Error; err != nil {
				t.Fatal(err)
			}
			x, err := rbac.New(ctx, db, nil)
			if err != nil {
				t.Fatal(err)
			}
			const mod, fin, sup, boss, nobody = 1, 2, 3, 4, 5
			for id, roles := range map[uint64][]string{mod: {rbac.Moderator}, fin: {rbac.Finance}, sup: {rbac.Support}, boss: {rbac.Superadmin}} {
				if err := x.SetRoles(ctx, id, roles); err != nil {
					t.Fatal(err)
				}
			}
			allowed := func(id uint64, p rbac.Permission) bool {
				t.Helper()
				ok, err := x.Allowed(ctx, id, p)
				if err != nil {
					t.Fatal(err)
				}
				return ok
			}
			t.Run("OKLeastPrivilege", func(t *testing.T) {
				for _, c := range []struct {
					id   uint64
					p    rbac.Permission
					want bool
				}{
					{mod, rbac.ProofsVerify, true}, {mod, rbac.PlansWrite, false}, {mod, rbac.AuditRead, false},
					{fin, rbac.CouponsWrite, true}, {fin, rbac.MembersView, false},
					{sup, rbac.MembersView, true}, {sup, rbac.PlansWrite, false}, {sup, rbac.MembersBan, false},
					{boss, rbac.AdminsManage, true}, {boss, rbac.PlansWrite, true},
					{nobody, rbac.MembersRead, false},
				} {
					if got := allowed(c.id, c.p); got != c.want {
						t.Errorf("admin %d %s: %v, want %v", c.id, c.p, got, c.want)
					}
				}
			})
			t.Run("ErrPermissionOutsideThePolicyIsRefusedToEveryone", func(t *testing.T) {
				if allowed(boss, rbac.Permission("members:export")) {
					t.Fatal("a permission no line names was allowed to a superadmin")
				}
			})
			t.Run("OKStaleLineRemoved", func(t *testing.T) {
				if allowed(fin, rbac.BlogsWrite) {
					t.Fatal("finance may write blogs")
				}
				var n int64
				db.Raw("SELECT COUNT(*) FROM casbin_rule WHERE ptype = 'p' AND v0 = 'content' AND v1 = 'plans'").Scan(&n)
				if n != 0 {
					t.Fatal("the slipped-in line survived the start")
				}
			})
			t.Run("ErrUnknownRole", func(t *testing.T) {
				if err := x.SetRoles(ctx, mod, []string{"root"}); !errors.Is(err, rbac.ErrUnknownRole) {
					t.Fatalf("%v", err)
				}
				if got := mustRoles(t, x, mod); !slices.Equal(got, []string{rbac.Moderator}) {
					t.Fatalf("a refused change changed roles: %v", got)
				}
			})
			t.Run("OKAnotherNodeSeesARoleChange", func(t *testing.T) {
				y, err := rbac.New(ctx, db, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := x.SetRoles(ctx, sup, []string{rbac.Support, rbac.Finance}); err != nil {
					t.Fatal(err)
				}
				deadline := time.Now().Add(3 * time.Second)
				for {
					ok, err := y.Allowed(ctx, sup, rbac.PlansWrite)
					if err != nil {
						t.Fatal(err)
					}
					if ok {
						break
					}
					if time.Now().After(deadline) {
						t.Fatal("the other node never saw the new role")
					}
					time.Sleep(100 * time.Millisecond)
				}
				perms, err := y.Permissions(ctx, sup)
				if err != nil || !slices.Contains(perms, rbac.ContactWrite) || !slices.Contains(perms, rbac.InvoicesRead) || slices.Contains(perms, rbac.MembersBan) {
					t.Fatalf("permissions %v %v", perms, err)
				}
			})
			t.Run("OKCurrentSeesAChangeAtOnce", func(t *testing.T) {
				y, err := rbac.New(ctx, db, nil)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := y.Roles(ctx, sup); err != nil { // y has just looked: its next look is a second away
					t.Fatal(err)
				}
				if err := x.SetRoles(ctx, sup, []string{rbac.Support}); err != nil {
					t.Fatal(err)
				}
				if err := y.Current(ctx); err != nil {
					t.Fatal(err)
				}
				if got := mustRoles(t, y, sup); !slices.Equal(got, []string{rbac.Support}) {
					t.Fatalf("after Current, the other node's roles are %v", got)
				}
			})
			t.Run("ErrEnforcerFailureIsNeverAYes", func(t *testing.T) {
				if err := db.Exec("DROP TABLE casbin_rule").Error; err != nil {
					t.Fatal(err)
				}
				time.Sleep(1100 * time.Millisecond) // past the refresh interval: the next call reads the table
				ok, err := x.Allowed(ctx, boss, rbac.AdminsManage)
				if err == nil || ok {
					t.Fatalf("with the policy gone: allowed %v, error %v", ok, err)
				}
			})
		})
	}
}

func mustRoles(t *testing.T, x *rbac.Enforcer, id uint64) []string {
	t.Helper()
	r, err := x.Roles(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
