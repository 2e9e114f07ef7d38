import type { Box, Rotation, Size } from './crop'
import { renderPlan } from './crop'

/** The longest side of an edited upload: well above the server's 900-px large rendition, and a small file on a phone. */
export const EDIT_MAX_SIDE = 2000

/** Loads an image URL (an object URL of a chosen file). Browsers apply the EXIF orientation, so the size is as shown. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.decoding = 'async'
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error('unreadable image'))
    img.src = url
  })
}

/** Draws the picture turned by rotation and cut to crop onto canvas (resized to the plan), on white. */
export function drawEdit(canvas: HTMLCanvasElement, img: CanvasImageSource, source: Size, rotation: Rotation, crop: Box, maxSide: number): boolean {
  const plan = renderPlan(source, rotation, crop, maxSide)
  canvas.width = plan.width
  canvas.height = plan.height
  const ctx = canvas.getContext('2d')
  if (!ctx) return false
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  // Transparent PNG areas would turn black in a JPEG.
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, plan.width, plan.height)
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'high'
  ctx.setTransform(...plan.matrix)
  ctx.drawImage(img, 0, 0, source.width, source.height)
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  return true
}

/** The edited picture as a JPEG file named after the original; the canvas carries no metadata at all. */
export async function renderEditedFile(img: HTMLImageElement, name: string, rotation: Rotation, crop: Box): Promise<File> {
  const canvas = document.createElement('canvas')
  const source = { width: img.naturalWidth, height: img.naturalHeight }
  if (!drawEdit(canvas, img, source, rotation, crop, EDIT_MAX_SIDE)) throw new Error('no canvas')
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92))
  if (!blob) throw new Error('no canvas')
  const base = name.replace(/\.[^.]+$/, '') || 'photo'
  return new File([blob], `${base}.jpg`, { type: 'image/jpeg' })
}
