import { describe, expect, it } from 'vitest'
import { grantedUrl, photoUrl } from './photos'

describe('grantedUrl', () => {
  const photo = { imagePath: '/media/photos/4d/', images: { small: '4d7f_small.jpg', large: '4d7f_large.jpg' } }

  it('appends the viewer grant to a name that has none', () => {
    expect(grantedUrl(photoUrl(photo, 'small'), 'TM1234567.1790000000.abc_-')).toBe(
      '/media/photos/4d/4d7f_small.jpg?g=TM1234567.1790000000.abc_-',
    )
  })

  it('keeps a URL that already carries a grant', () => {
    const signed = '/media/photos/4d/4d7f_large.jpg?g=TM7654321.1.x'
    expect(grantedUrl(signed, 'TM1234567.2.y')).toBe(signed)
  })

  it('leaves the URL as it is without a grant or a photo', () => {
    expect(grantedUrl('/media/photos/4d/4d7f_small.jpg', undefined)).toBe('/media/photos/4d/4d7f_small.jpg')
    expect(grantedUrl(null, 'TM1.2.z')).toBeNull()
  })
})
