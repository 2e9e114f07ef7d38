package match

import (
	"context"
	"math"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// nearbyCities maps each city within NearbyKm of city (itself included, at
// 0 km) to its distance; it is empty when the member has no city or the city
// has no coordinates. A bounding box on the cities table narrows the haversine.
func (s *Service) nearbyCities(ctx context.Context, city *uint64) (map[uint64]float64, error) {
	out := map[uint64]float64{}
	if city == nil {
		return out, nil
	}
	db := s.db.WithContext(ctx)
	var me []struct{ Lat, Lng float64 }
	if err := db.Table("cities").Select("lat, lng").Where("id = ?", *city).Limit(1).Find(&me).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if len(me) == 0 || (me[0].Lat == 0 && me[0].Lng == 0) {
		return out, nil
	}
	lat, lng := me[0].Lat, me[0].Lng
	dLat := NearbyKm / 111.0
	dLng := NearbyKm / (111.0 * math.Max(0.1, math.Cos(lat*math.Pi/180)))
	var rows []struct {
		ID       uint64
		Lat, Lng float64
	}
	if err := db.Table("cities").Select("id, lat, lng").
		Where("lat BETWEEN ? AND ? AND lng BETWEEN ? AND ?", lat-dLat, lat+dLat, lng-dLng, lng+dLng).Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	for _, r := range rows {
		if d := haversineKm(lat, lng, r.Lat, r.Lng); d <= NearbyKm {
			out[r.ID] = d
		}
	}
	out[*city] = 0
	return out, nil
}
