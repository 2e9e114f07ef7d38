import { dimensionProblem, fileProblem, formatBytes, IMAGE_MESSAGES, imageType, slotsLeft } from './checks'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('the early checks of a chosen file', () => {
  it('accepts JPEG, PNG and WebP by their type, or by the extension when the phone declares none', () => {
    expect(imageType(file('a.jpg', 'image/jpeg'))).toBe('image/jpeg')
    expect(imageType(file('a.PNG', 'image/png'))).toBe('image/png')
    expect(imageType(file('a.webp', ''))).toBe('image/webp')
    expect(imageType(file('IMG_1.JPEG', 'application/octet-stream'))).toBe('image/jpeg')
  })

  it('refuses other types with the server own words', () => {
    expect(fileProblem(file('a.gif', 'image/gif'))).toBe(IMAGE_MESSAGES.notAnImage)
    expect(fileProblem(file('a.heic', 'image/heic'))).toBe(IMAGE_MESSAGES.notAnImage)
    // A declared type wins over a misleading name.
    expect(fileProblem(file('photo.jpg', 'application/pdf'))).toBe(IMAGE_MESSAGES.notAnImage)
    expect(fileProblem(file('a.svg', ''))).toBe(IMAGE_MESSAGES.notAnImage)
  })

  it('refuses empty files and files over 10 MB', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg', 0))).toBe(IMAGE_MESSAGES.empty)
    expect(fileProblem(file('a.jpg', 'image/jpeg', 10 * 1024 * 1024))).toBeNull()
    expect(fileProblem(file('a.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1))).toBe('The image must be 10 MB or smaller')
  })

  it('refuses pictures smaller than 100 px or larger than the server allows', () => {
    expect(dimensionProblem(100, 100)).toBeNull()
    expect(dimensionProblem(99, 400)).toBe(IMAGE_MESSAGES.tooFewPixels)
    expect(dimensionProblem(8001, 400)).toBe(IMAGE_MESSAGES.tooManyPixels)
    expect(dimensionProblem(8000, 6000)).toBe(IMAGE_MESSAGES.tooManyPixels)
    expect(dimensionProblem(8000, 5000)).toBeNull()
  })

  it('counts the free slots of the 10-photo limit and writes sizes for people', () => {
    expect(slotsLeft(0)).toBe(10)
    expect(slotsLeft(10)).toBe(0)
    expect(slotsLeft(12)).toBe(0)
    expect(formatBytes(2_500_000)).toBe('2.4 MB')
    expect(formatBytes(830 * 1024)).toBe('830 KB')
  })
})
