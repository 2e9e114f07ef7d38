import { apply, CROP_ASPECT, initialCrop, isEdited, moveBox, renderPlan, resizeFromCorner, rotatedSize, rotationMatrix, scaleBox, turn } from './crop'
import type { Box, Rotation, Size } from './crop'

const landscape: Size = { width: 800, height: 600 }

function close(actual: number[], expected: number[]) {
  expect(actual.length).toBe(expected.length)
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 6))
}

function inside(box: Box, pic: Size) {
  expect(box.x).toBeGreaterThanOrEqual(-1e-9)
  expect(box.y).toBeGreaterThanOrEqual(-1e-9)
  expect(box.x + box.width).toBeLessThanOrEqual(pic.width + 1e-9)
  expect(box.y + box.height).toBeLessThanOrEqual(pic.height + 1e-9)
}

describe('rotation', () => {
  it('turns in quarter steps both ways and wraps around', () => {
    expect(turn(0, 1)).toBe(90)
    expect(turn(270, 1)).toBe(0)
    expect(turn(0, -1)).toBe(270)
    expect(turn(90, -1)).toBe(0)
    let r: Rotation = 0
    for (let i = 0; i < 4; i++) r = turn(r, 1)
    expect(r).toBe(0)
  })

  it('swaps width and height for a quarter turn only', () => {
    expect(rotatedSize(landscape, 0)).toEqual({ width: 800, height: 600 })
    expect(rotatedSize(landscape, 90)).toEqual({ width: 600, height: 800 })
    expect(rotatedSize(landscape, 180)).toEqual({ width: 800, height: 600 })
    expect(rotatedSize(landscape, 270)).toEqual({ width: 600, height: 800 })
  })

  it('maps the corners of the original onto the rotated picture (clockwise turns)', () => {
    // The top-left corner of the original goes to the top-right after 90°, the bottom-right after 180°, the bottom-left after 270°.
    close(apply(rotationMatrix(landscape, 90), 0, 0), [600, 0])
    close(apply(rotationMatrix(landscape, 90), 800, 0), [600, 800])
    close(apply(rotationMatrix(landscape, 90), 0, 600), [0, 0])
    close(apply(rotationMatrix(landscape, 180), 0, 0), [800, 600])
    close(apply(rotationMatrix(landscape, 180), 800, 600), [0, 0])
    close(apply(rotationMatrix(landscape, 270), 0, 0), [0, 800])
    close(apply(rotationMatrix(landscape, 270), 800, 0), [0, 0])
    close(apply(rotationMatrix(landscape, 0), 123, 45), [123, 45])
  })
})

describe('the initial crop', () => {
  it('is the whole picture for "whole photo"', () => {
    expect(initialCrop(landscape, CROP_ASPECT.full)).toEqual({ x: 0, y: 0, width: 800, height: 600 })
  })

  it('is the largest centred square', () => {
    expect(initialCrop(landscape, CROP_ASPECT.square)).toEqual({ x: 100, y: 0, width: 600, height: 600 })
    expect(initialCrop({ width: 600, height: 800 }, 1)).toEqual({ x: 0, y: 100, width: 600, height: 600 })
  })

  it('is the largest centred 4:5 portrait', () => {
    const box = initialCrop(landscape, CROP_ASPECT.portrait)
    close([box.x, box.y, box.width, box.height], [160, 0, 480, 600])
    const tall = initialCrop({ width: 400, height: 1000 }, 4 / 5)
    close([tall.x, tall.y, tall.width, tall.height], [0, 250, 400, 500])
  })
})

describe('moving the crop box', () => {
  const box: Box = { x: 100, y: 100, width: 300, height: 300 }
  it('follows the pointer inside the picture', () => {
    expect(moveBox(box, 50, -40, landscape)).toEqual({ x: 150, y: 60, width: 300, height: 300 })
  })
  it('stops at every edge', () => {
    expect(moveBox(box, -500, -500, landscape)).toEqual({ x: 0, y: 0, width: 300, height: 300 })
    expect(moveBox(box, 5000, 5000, landscape)).toEqual({ x: 500, y: 300, width: 300, height: 300 })
  })
})

describe('resizing the crop box from a corner', () => {
  const square: Box = { x: 200, y: 100, width: 300, height: 300 }

  it('keeps the opposite corner and the aspect ratio (south-east grows)', () => {
    const b = resizeFromCorner(square, 'se', 60, 10, 1, landscape, 100)
    expect(b).toEqual({ x: 200, y: 100, width: 360, height: 360 })
  })

  it('lets the larger movement win and keeps the north-west anchor when dragging the south-west corner', () => {
    const b = resizeFromCorner(square, 'sw', 10, 90, 1, landscape, 100)
    // Dragging down by 90 grows the height to 390; the right edge (x = 500) and the top stay.
    expect(b.x + b.width).toBeCloseTo(500)
    expect(b.y).toBeCloseTo(100)
    expect(b.width).toBeCloseTo(390)
    expect(b.height).toBeCloseTo(390)
  })

  it('shrinks from the north-west corner with the south-east corner fixed', () => {
    const b = resizeFromCorner(square, 'nw', 100, 100, 1, landscape, 100)
    expect(b).toEqual({ x: 300, y: 200, width: 200, height: 200 })
  })

  it('never leaves the picture', () => {
    const b = resizeFromCorner(square, 'se', 5000, 5000, 1, landscape, 100)
    inside(b, landscape)
    // Room below the top edge at y = 100 is 500: the square stops there.
    expect(b).toEqual({ x: 200, y: 100, width: 500, height: 500 })
    const ne = resizeFromCorner(square, 'ne', 5000, -5000, 1, landscape, 100)
    inside(ne, landscape)
    expect(ne.x).toBe(200)
    expect(ne.y + ne.height).toBe(400)
  })

  it('never gets smaller than the minimum side, keeping 4:5', () => {
    const portrait: Box = { x: 100, y: 0, width: 400, height: 500 }
    const b = resizeFromCorner(portrait, 'se', -1000, -1000, 4 / 5, landscape, 100)
    // Width 100 would make the height 125, both at least 100 px.
    expect(b.width).toBeCloseTo(100)
    expect(b.height).toBeCloseTo(125)
    expect(b.x).toBe(100)
    expect(b.y).toBe(0)
  })

  it('moves each side on its own when there is no fixed shape', () => {
    const b = resizeFromCorner({ x: 0, y: 0, width: 800, height: 600 }, 'se', -200, -50, null, landscape, 100)
    expect(b).toEqual({ x: 0, y: 0, width: 600, height: 550 })
  })
})

describe('scaling the crop box (keyboard and buttons)', () => {
  it('grows about the centre and stays inside', () => {
    const b = scaleBox({ x: 300, y: 200, width: 200, height: 200 }, 1.5, 1, landscape, 100)
    expect(b).toEqual({ x: 250, y: 150, width: 300, height: 300 })
    const big = scaleBox({ x: 500, y: 300, width: 300, height: 300 }, 10, 1, landscape, 100)
    expect(big.width).toBe(600)
    inside(big, landscape)
  })
  it('stops at the minimum side', () => {
    const b = scaleBox({ x: 300, y: 200, width: 120, height: 150 }, 0.1, 4 / 5, landscape, 100)
    expect(b.width).toBeCloseTo(100)
    expect(b.height).toBeCloseTo(125)
  })
})

describe('the render plan', () => {
  it('is the identity for an untouched picture under the size limit', () => {
    const plan = renderPlan(landscape, 0, { x: 0, y: 0, width: 800, height: 600 }, 2000)
    expect(plan.width).toBe(800)
    expect(plan.height).toBe(600)
    close(plan.matrix, [1, 0, 0, 1, 0, 0])
  })

  it('puts the crop of a turned picture exactly onto the output canvas', () => {
    // Turn 800x600 right (600x800), then take the centred square 600x600 at y = 100.
    const crop = initialCrop(rotatedSize(landscape, 90), 1)
    const plan = renderPlan(landscape, 90, crop, 2000)
    expect([plan.width, plan.height]).toEqual([600, 600])
    // The original's top-left (0,0) lands at the rotated (600,0), which is 100 px above the crop: (600,-100).
    close(apply(plan.matrix, 0, 0), [600, -100])
    // The original point (100, 0) is on the crop's top edge at its right end.
    close(apply(plan.matrix, 100, 0), [600, 0])
    // The original point (700, 600) is the crop's bottom-left corner.
    close(apply(plan.matrix, 700, 600), [0, 600])
  })

  it('scales big crops down to the longest side, never up', () => {
    const huge: Size = { width: 6000, height: 4000 }
    const plan = renderPlan(huge, 0, { x: 1000, y: 0, width: 4000, height: 4000 }, 2000)
    expect([plan.width, plan.height]).toEqual([2000, 2000])
    close(apply(plan.matrix, 1000, 0), [0, 0])
    close(apply(plan.matrix, 5000, 4000), [2000, 2000])
    const small = renderPlan({ width: 300, height: 200 }, 180, { x: 0, y: 0, width: 300, height: 200 }, 2000)
    expect([small.width, small.height]).toEqual([300, 200])
    close(apply(small.matrix, 0, 0), [300, 200])
  })
})

describe('whether a picture was edited', () => {
  it('is false only for an upright, uncropped picture (the original is then sent as it is)', () => {
    expect(isEdited(landscape, 0, { x: 0, y: 0, width: 800, height: 600 })).toBe(false)
    expect(isEdited(landscape, 90, { x: 0, y: 0, width: 600, height: 800 })).toBe(true)
    expect(isEdited(landscape, 0, { x: 100, y: 0, width: 600, height: 600 })).toBe(true)
  })
})
