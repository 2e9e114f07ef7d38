// Package profile holds what a member builds about themselves and what
// others may see of it: the profile sections, photos, proof images, partner
// preferences, privacy and e-mail alert settings, profile views and the
// dashboard (issue 4; product.md "Profile", "Photos and proofs", "Badges",
// "Partner preferences").
//
// # Who sees what
//
//   - The owner sees everything of their own (Own): the exact date of birth,
//     their login e-mail and phone, settings and completion.
//   - Another member sees PartnerView: age, never the date of birth; names of
//     master data, never coordinates; no internal or user ids; the phone with
//     only its first 4 digits and the e-mail without its local part (spec §9)
//     unless a ContactViewChecker (the contact-view area, later) says the
//     viewer spent a contact view. Protected photos are left out, with
//     photosProtected true, until the owner accepts the viewer's photo request.
//   - Unknown, hidden, suspended and deleted profiles, and profiles blocked
//     either way, answer the same NotFound ("Profile not found"), so a block
//     or a hidden profile cannot be told from a wrong id. A "don't show" mark
//     only keeps a member out of lists; opening the profile still works and
//     says dontShow.
//   - Visitors see nothing here; the public premium list (premium.go) shows
//     a first name, a denomination and a city, and members may opt out of it.
//
// Opening another member's profile records a view (profile_views, one row per
// pair with a count), which feeds "recent visitors" and "recently viewed";
// both lists leave out blocked, don't-show, hidden, suspended and deleted members.
//
// # Updates
//
// PUT profile sends any subset of the sections basic, faith, education,
// location, family, about and lifestyle (ProfileUpdate). Names follow spec §5
// (letters only, 3 to 25; profile name up to 30); heights and income bands
// must be rows of the master tables; every *Id must exist in master data (a
// denomination must belong to the religion, a state to the country, a city
// to the state); enums are fixed lists (Enums); free texts have length
// limits, no markup and no phone numbers or e-mail addresses. Gender, date of
// birth, plan, badges, verification flags, counters, hidden and the profile
// code are not in the input type at all, so a body that carries them changes
// nothing of them. completedSteps is recomputed in the same transaction as
// every write (see completion in steps.go: ten sections of 3 steps, 30 complete).
//
// # Photos and proofs
//
// Uploads go through package media (content sniffing, header-only size
// checks, re-encoding without metadata). Photos are stored under random keys
// in the served tree; their URLs carry per-viewer grants, and PhotoAccess
// re-checks the viewer on every request. At most MaxPhotos per member; the
// first is the default. Proof images go to a private tree no route serves;
// only their owner can read them back (ProofImage), and verdicts (admin
// review, later) give the ID and parish badges.
//
// # Deletion
//
// Every table of this area references profiles with ON DELETE CASCADE;
// EraseMember is the account DeleteHook that also removes proof files.
package profile
