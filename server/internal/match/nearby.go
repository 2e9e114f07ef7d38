package match

import (
	"context"
	"math"

	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// nearbyCities maps each city within NearbyKm of city (itself included, at
// 0 km) to its distance; it is empty when the member has no city or the city
// has no coordinates. The cities' coordinates come from the kept master
// labels when the service has them (read again at once, within limits,
// for a city they lack), else from the database, where a bounding box on
// the cities table narrows the haversine.
func (s *Service) nearbyCities(ctx context.Context, city *uint64) (map[uint64]float64, error) {
	out := map[uint64]float64{}
	if city == nil {
		return out, nil
	}
	var me master.Place
	var places map[uint64]master.Place
	if s.master != nil {
		l, err := s.master.Labels(ctx, false)
		if err == nil {
			if _, known := l.Cities[*city]; !known {
				l, err = s.master.Labels(ctx, true)
			}
		}
		if err != nil {
			return nil, err
		}
		var ok bool
		if me, ok = l.Places[*city]; !ok {
			return out, nil
		}
		places = l.Places
	} else {
		db := s.db.WithContext(ctx)
		var rows []struct{ Lat, Lng float64 }
		if err := db.Table("cities").Select("lat, lng").Where("id = ?", *city).Limit(1).Find(&rows).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		if len(rows) == 0 || (rows[0].Lat == 0 && rows[0].Lng == 0) {
			return out, nil
		}
		me = master.Place{Lat: rows[0].Lat, Lng: rows[0].Lng}
	}
	dLat := NearbyKm / 111.0
	dLng := NearbyKm / (111.0 * math.Max(0.1, math.Cos(me.Lat*math.Pi/180)))
	inBox := func(p master.Place) bool {
		return p.Lat >= me.Lat-dLat && p.Lat <= me.Lat+dLat && p.Lng >= me.Lng-dLng && p.Lng <= me.Lng+dLng
	}
	if places == nil {
		var rows []struct {
			ID       uint64
			Lat, Lng float64
		}
		if err := s.db.WithContext(ctx).Table("cities").Select("id, lat, lng").
			Where("lat BETWEEN ? AND ? AND lng BETWEEN ? AND ?", me.Lat-dLat, me.Lat+dLat, me.Lng-dLng, me.Lng+dLng).Find(&rows).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		places = make(map[uint64]master.Place, len(rows))
		for _, r := range rows {
			places[r.ID] = master.Place{Lat: r.Lat, Lng: r.Lng}
		}
	}
	for id, p := range places {
		if !inBox(p) {
			continue
		}
		if d := haversineKm(me.Lat, me.Lng, p.Lat, p.Lng); d <= NearbyKm {
			out[id] = d
		}
	}
	out[*city] = 0
	return out, nil
}
