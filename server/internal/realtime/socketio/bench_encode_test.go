package socketio

import "testing"

// BenchmarkEncodeOnlineList measures encoding the online list a newcomer
// gets with 2,500 members of the other gender online: as a []json.RawMessage
// (which encoding/json validates and compacts byte by byte) and spliced as Raw.
func BenchmarkEncodeOnlineList(b *testing.B) {
	users := chatUsers(2500)
	b.Run("RawMessage", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cpuTime()
		defer func() { b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			if _, err := newEventPacket("/", "sendActiveMatchedProfiles", []any{users}, 0, false); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Raw", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cpuTime()
		defer func() { b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			size := 2
			for _, u := range users {
				size += len(u) + 1
			}
			list := append(make([]byte, 0, size), '[')
			for i, u := range users {
				if i > 0 {
					list = append(list, ',')
				}
				list = append(list, u...)
			}
			list = append(list, ']')
			if _, err := newEventPacket("/", "sendActiveMatchedProfiles", []any{Raw(list)}, 0, false); err != nil {
				b.Fatal(err)
			}
		}
	})
}
