// The geometry of the photo editor: quarter-turn rotation, a crop box kept inside the (rotated) picture with a
// fixed aspect ratio, and the one canvas transform that turns the original into the edited upload. Pure
// functions, so the maths is tested without a browser (crop.test.ts).

/** Quarter turns clockwise, in degrees. */
export type Rotation = 0 | 90 | 180 | 270

/** A width and height in pixels. */
export interface Size {
  width: number
  height: number
}

/** A rectangle in pixels of the rotated picture: top-left corner and size. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A corner of the crop box a member drags to resize it. */
export type Corner = 'nw' | 'ne' | 'sw' | 'se'

/** The crop shapes offered: the whole picture, a square, or a portrait (4:5, like a passport-style photo). */
export type CropShape = 'full' | 'square' | 'portrait'

/** Width divided by height of each shape; null keeps the whole picture. */
export const CROP_ASPECT: Record<CropShape, number | null> = { full: null, square: 1, portrait: 4 / 5 }

/** A 2D affine matrix [a, b, c, d, e, f] as CanvasRenderingContext2D.setTransform takes it. */
export type Matrix = [number, number, number, number, number, number]

/** The rotation after one more quarter turn to the right (+1) or the left (-1). */
export function turn(rotation: Rotation, direction: 1 | -1): Rotation {
  return ((((rotation + direction * 90) % 360) + 360) % 360) as Rotation
}

/** The size of a picture after rotating it. */
export function rotatedSize(size: Size, rotation: Rotation): Size {
  return rotation === 90 || rotation === 270 ? { width: size.height, height: size.width } : { ...size }
}

/** The largest box of the aspect ratio centred in the picture (the whole picture when aspect is null). */
export function initialCrop(picture: Size, aspect: number | null): Box {
  if (aspect === null) return { x: 0, y: 0, width: picture.width, height: picture.height }
  let width = picture.width
  let height = width / aspect
  if (height > picture.height) {
    height = picture.height
    width = height * aspect
  }
  return { x: (picture.width - width) / 2, y: (picture.height - height) / 2, width, height }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), Math.max(lo, hi))
}

/** The box moved by (dx, dy), stopped at the picture's edges. */
export function moveBox(box: Box, dx: number, dy: number, picture: Size): Box {
  return { ...box, x: clamp(box.x + dx, 0, picture.width - box.width), y: clamp(box.y + dy, 0, picture.height - box.height) }
}

/** The widest a box of the aspect can be while it still fits the picture. */
function maxWidthFor(picture: Size, aspect: number): number {
  return Math.min(picture.width, picture.height * aspect)
}

/** The smallest width a box of the aspect may have, so that neither side drops under minSide. */
function minWidthFor(aspect: number, minSide: number, picture: Size): number {
  return Math.min(Math.max(minSide, minSide * aspect), maxWidthFor(picture, aspect))
}

/**
 * The box resized by dragging one corner by (dx, dy): the opposite corner stays put, the aspect ratio holds
 * (the larger of the two movements wins), no side gets shorter than minSide, and the box stays in the picture.
 * With aspect null both sides follow the pointer on their own.
 */
export function resizeFromCorner(box: Box, corner: Corner, dx: number, dy: number, aspect: number | null, picture: Size, minSide: number): Box {
  const west = corner === 'nw' || corner === 'sw'
  const north = corner === 'nw' || corner === 'ne'
  // The fixed corner, and how much room there is from it towards the dragged corner.
  const ax = west ? box.x + box.width : box.x
  const ay = north ? box.y + box.height : box.y
  const roomX = west ? ax : picture.width - ax
  const roomY = north ? ay : picture.height - ay
  const wantW = box.width + (west ? -dx : dx)
  const wantH = box.height + (north ? -dy : dy)
  let width: number
  let height: number
  if (aspect === null) {
    width = clamp(wantW, Math.min(minSide, roomX), roomX)
    height = clamp(wantH, Math.min(minSide, roomY), roomY)
  } else {
    const fromX = wantW
    const fromY = wantH * aspect
    const want = Math.abs(fromX - box.width) >= Math.abs(fromY - box.width) ? fromX : fromY
    const most = Math.min(roomX, roomY * aspect)
    width = clamp(want, Math.min(minWidthFor(aspect, minSide, picture), most), most)
    height = width / aspect
  }
  return { x: west ? ax - width : ax, y: north ? ay - height : ay, width, height }
}

/** The box scaled about its centre by factor (keyboard and +/- buttons), kept inside the picture and above minSide. */
export function scaleBox(box: Box, factor: number, aspect: number | null, picture: Size, minSide: number): Box {
  const ratio = aspect ?? box.width / box.height
  const width = clamp(box.width * factor, minWidthFor(ratio, minSide, picture), maxWidthFor(picture, ratio))
  const height = width / ratio
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  return moveBox({ x: cx - width / 2, y: cy - height / 2, width, height }, 0, 0, picture)
}

/** The matrix that draws the original (size source) turned by rotation, in the rotated picture's pixels. */
export function rotationMatrix(source: Size, rotation: Rotation): Matrix {
  switch (rotation) {
    case 90:
      return [0, 1, -1, 0, source.height, 0]
    case 180:
      return [-1, 0, 0, -1, source.width, source.height]
    case 270:
      return [0, -1, 1, 0, 0, source.width]
    default:
      return [1, 0, 0, 1, 0, 0]
  }
}

/** m1 after m2: the matrix that applies m2 first, then m1. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1
  const [a2, b2, c2, d2, e2, f2] = m2
  return [a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2, a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1]
}

/** Where a matrix takes a point. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]
}

/** How to draw an edit: the output canvas size and the matrix from original pixels to output pixels. */
export interface RenderPlan {
  width: number
  height: number
  matrix: Matrix
}

/**
 * The canvas work of an edit: the crop (in rotated-picture pixels) becomes the whole output, scaled down so that
 * its longer side is at most maxSide (never up), and the original is drawn through one matrix.
 */
export function renderPlan(source: Size, rotation: Rotation, crop: Box, maxSide: number): RenderPlan {
  const scale = Math.min(1, maxSide / Math.max(crop.width, crop.height))
  const width = Math.max(1, Math.round(crop.width * scale))
  const height = Math.max(1, Math.round(crop.height * scale))
  const toOutput: Matrix = [scale, 0, 0, scale, -crop.x * scale, -crop.y * scale]
  return { width, height, matrix: multiply(toOutput, rotationMatrix(source, rotation)) }
}

/** Whether an edit changes anything (otherwise the original file is uploaded as it is). */
export function isEdited(picture: Size, rotation: Rotation, crop: Box): boolean {
  const full = rotatedSize(picture, rotation)
  const eps = 0.5
  return rotation !== 0 || crop.x > eps || crop.y > eps || Math.abs(crop.width - full.width) > eps || Math.abs(crop.height - full.height) > eps
}
