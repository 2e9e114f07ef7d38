// Package dates holds the members' calendar: India's time zone, in which a
// "day" begins (today's matches, daily limits shown to members), and the
// spec's DD-MM-YYYY date format for messages.
package dates

import "time"

// India is Indian Standard Time (UTC+05:30, no daylight saving).
var India = time.FixedZone("IST", 5*3600+1800)

// DayLayout is the spec's date format for members, DD-MM-YYYY.
const DayLayout = "02-01-2006"

// Day formats t as the date it is in India, DD-MM-YYYY.
func Day(t time.Time) string { return t.In(India).Format(DayLayout) }
