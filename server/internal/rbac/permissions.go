// Package rbac decides what each admin may do in the back office (product.md
// "Admin"; issue 21), with Casbin: the model is embedded (model.conf), the
// policy lives in the database through Casbin's GORM adapter (table
// casbin_rule). Roles are Casbin subjects. What a role may do is the
// reviewed default below, written to the policy at every start; who holds
// which role is data that a superadmin changes (and the change is audited).
package rbac

import (
	"sort"
	"strings"
)

// Permission is what a route needs: "object:action".
type Permission string

// Object is the permission's object, the Casbin request's obj.
func (p Permission) Object() string { o, _, _ := strings.Cut(string(p), ":"); return o }

// Action is the permission's action, the Casbin request's act.
func (p Permission) Action() string { _, a, _ := strings.Cut(string(p), ":"); return a }

// The permissions of the back office (see /tmp contract of issue 21 and README "Admin").
const (
	MembersRead    Permission = "members:read"    // search and list members
	MembersView    Permission = "members:view"    // open one member with private data (audited)
	MembersSuspend Permission = "members:suspend" // suspend for some days
	MembersBan     Permission = "members:ban"     // ban and unban
	MembersHide    Permission = "members:hide"    // hide and unhide a profile
	PhotosDelete   Permission = "photos:delete"   // remove a member's photo
	ProofsRead     Permission = "proofs:read"     // the proof queue
	ProofsView     Permission = "proofs:view"     // open a proof image (audited)
	ProofsVerify   Permission = "proofs:verify"   // verify or reject a proof
	ReportsRead    Permission = "reports:read"    // the report queue
	ReportsView    Permission = "reports:view"    // open a report with the profile and chat excerpt (audited)
	ReportsAct     Permission = "reports:act"     // dismiss, warn, suspend or ban
	BlogsWrite     Permission = "blogs:write"     // create, edit, publish and delete blogs
	StoriesWrite   Permission = "stories:write"   // edit, approve and reject success stories
	FAQWrite       Permission = "faq:write"       // edit the FAQ
	PagesWrite     Permission = "pages:write"     // edit the static pages
	PlansWrite     Permission = "plans:write"     // edit plans
	CouponsWrite   Permission = "coupons:write"   // create, edit, pause coupons
	PaymentsRead   Permission = "payments:read"   // orders, payments and refunds
	InvoicesRead   Permission = "invoices:read"   // download invoices (audited)
	SettingsWrite  Permission = "settings:write"  // site settings
	MaintenanceSet Permission = "maintenance:write"
	ContactRead    Permission = "contact:read"  // the contact-us inbox (opening one is audited)
	ContactWrite   Permission = "contact:write" // assign, mark answered
	AdminsManage   Permission = "admins:manage" // admins and their roles
	AuditRead      Permission = "audit:read"    // search the audit log
)

// Roles (product.md "Admin").
const (
	Superadmin = "superadmin"
	Moderator  = "moderator"
	Content    = "content"
	Finance    = "finance"
	Support    = "support"
)

// Catalog is every permission of the back office, in display order.
func Catalog() []Permission {
	return []Permission{MembersRead, MembersView, MembersSuspend, MembersBan, MembersHide, PhotosDelete,
		ProofsRead, ProofsView, ProofsVerify, ReportsRead, ReportsView, ReportsAct,
		BlogsWrite, StoriesWrite, FAQWrite, PagesWrite,
		PlansWrite, CouponsWrite, PaymentsRead, InvoicesRead,
		SettingsWrite, MaintenanceSet, ContactRead, ContactWrite, AdminsManage, AuditRead}
}

// DefaultPolicy is least privilege per role: a superadmin everything; a
// moderator members, photos, proofs and reports; content the public
// content; finance plans, coupons, payments and invoices; support reads
// members (audited) and answers the contact-us inbox.
func DefaultPolicy() map[string][]Permission {
	return map[string][]Permission{
		Superadmin: Catalog(),
		Moderator: {MembersRead, MembersView, MembersSuspend, MembersBan, MembersHide, PhotosDelete,
			ProofsRead, ProofsView, ProofsVerify, ReportsRead, ReportsView, ReportsAct},
		Content: {BlogsWrite, StoriesWrite, FAQWrite, PagesWrite},
		Finance: {PlansWrite, CouponsWrite, PaymentsRead, InvoicesRead},
		Support: {MembersRead, MembersView, ContactRead, ContactWrite},
	}
}

// Roles lists the roles of the default policy, sorted.
func Roles() []string {
	out := make([]string, 0, 5)
	for r := range DefaultPolicy() {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// ValidRole reports whether r is a role of the policy.
func ValidRole(r string) bool { _, ok := DefaultPolicy()[r]; return ok }
