import { useEffect, useId, useRef } from 'react'
import type { KeyboardEvent, PointerEvent } from 'react'
import type { Box, Corner, CropShape, Rotation, Size } from './crop'
import { CROP_ASPECT, initialCrop, moveBox, resizeFromCorner, rotatedSize, scaleBox, turn } from './crop'
import { drawEdit } from './render'
import { MIN_IMAGE_SIDE } from './types'

/** The edit of one chosen picture: quarter turns, a crop shape and the crop box in rotated-picture pixels. */
export interface PhotoEdit {
  rotation: Rotation
  shape: CropShape
  crop: Box
}

/** The starting edit of a picture: upright, whole. */
export function freshEdit(size: Size): PhotoEdit {
  return { rotation: 0, shape: 'full', crop: initialCrop(size, null) }
}

/** The edit after choosing a rotation or a shape: the crop box starts again, centred, as large as fits. */
export function reshape(size: Size, rotation: Rotation, shape: CropShape): PhotoEdit {
  return { rotation, shape, crop: initialCrop(rotatedSize(size, rotation), CROP_ASPECT[shape]) }
}

const SHAPES: { value: CropShape; label: string }[] = [
  { value: 'full', label: 'Whole photo' },
  { value: 'square', label: 'Square' },
  { value: 'portrait', label: 'Portrait' },
]

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se']
/** The preview canvas's longest side: sharp enough on a phone, cheap to redraw. */
const PREVIEW_SIDE = 900

interface PhotoEditorProps {
  img: HTMLImageElement
  name: string
  edit: PhotoEdit
  onChange: (edit: PhotoEdit) => void
  disabled?: boolean
}

/**
 * Rotates (90° steps) and crops one picture before upload: a square or portrait frame the member drags to move and
 * drags by a corner to resize; arrow keys move it and + / − resize it. Nothing leaves the phone until upload.
 */
export default function PhotoEditor({ img, name, edit, onChange, disabled }: PhotoEditorProps) {
  const id = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const drag = useRef<{ mode: 'move' | Corner; x: number; y: number; box: Box; scale: number } | null>(null)
  const source: Size = { width: img.naturalWidth, height: img.naturalHeight }
  const picture = rotatedSize(source, edit.rotation)
  const aspect = CROP_ASPECT[edit.shape]
  const cropping = aspect !== null

  useEffect(() => {
    const c = canvas.current
    if (!c) return
    const src = { width: img.naturalWidth, height: img.naturalHeight }
    const whole = rotatedSize(src, edit.rotation)
    drawEdit(c, img, src, edit.rotation, { x: 0, y: 0, width: whole.width, height: whole.height }, PREVIEW_SIDE)
  }, [img, edit.rotation])

  const setCrop = (crop: Box) => onChange({ ...edit, crop })

  const onPointerDown = (e: PointerEvent<HTMLElement>, mode: 'move' | Corner) => {
    if (disabled || !stage.current) return
    e.preventDefault()
    e.stopPropagation()
    e.currentTarget.setPointerCapture?.(e.pointerId)
    const rect = stage.current.getBoundingClientRect()
    drag.current = { mode, x: e.clientX, y: e.clientY, box: edit.crop, scale: rect.width ? picture.width / rect.width : 1 }
  }
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d) return
    const dx = (e.clientX - d.x) * d.scale
    const dy = (e.clientY - d.y) * d.scale
    setCrop(d.mode === 'move' ? moveBox(d.box, dx, dy, picture) : resizeFromCorner(d.box, d.mode, dx, dy, aspect, picture, MIN_IMAGE_SIDE))
  }
  const endDrag = () => {
    drag.current = null
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return
    const step = (e.shiftKey ? 0.1 : 0.02) * Math.max(picture.width, picture.height)
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }
    if (moves[e.key]) {
      setCrop(moveBox(edit.crop, moves[e.key][0], moves[e.key][1], picture))
    } else if (e.key === '+' || e.key === '=') {
      setCrop(scaleBox(edit.crop, 1.1, aspect, picture, MIN_IMAGE_SIDE))
    } else if (e.key === '-' || e.key === '_') {
      setCrop(scaleBox(edit.crop, 1 / 1.1, aspect, picture, MIN_IMAGE_SIDE))
    } else {
      return
    }
    e.preventDefault()
  }

  const pct = (v: number, of: number) => `${(v / of) * 100}%`

  return (
    <div className="editor">
      <div className="editor__stage-wrap">
        <div className="editor__stage" ref={stage}>
          <canvas ref={canvas} className="editor__canvas" role="img" aria-label={`Preview of ${name}${edit.rotation ? `, turned ${edit.rotation}°` : ''}`} />
          {cropping && (
            <div
              className="editor__crop"
              style={{ left: pct(edit.crop.x, picture.width), top: pct(edit.crop.y, picture.height), width: pct(edit.crop.width, picture.width), height: pct(edit.crop.height, picture.height) }}
              tabIndex={disabled ? -1 : 0}
              role="group"
              aria-label="Crop frame"
              aria-describedby={`${id}-help`}
              onPointerDown={(e) => onPointerDown(e, 'move')}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onKeyDown={onKeyDown}
            >
              {CORNERS.map((c) => (
                <span key={c} className={`editor__handle editor__handle--${c}`} onPointerDown={(e) => onPointerDown(e, c)} aria-hidden="true" />
              ))}
            </div>
          )}
        </div>
      </div>

      <div className="editor__tools">
        <div className="editor__group" role="group" aria-label="Rotate">
          <button type="button" className="btn btn--outline btn--sm" disabled={disabled} onClick={() => onChange(reshape(source, turn(edit.rotation, -1), edit.shape))}>
            <span aria-hidden="true">⟲</span> Rotate left
          </button>
          <button type="button" className="btn btn--outline btn--sm" disabled={disabled} onClick={() => onChange(reshape(source, turn(edit.rotation, 1), edit.shape))}>
            <span aria-hidden="true">⟳</span> Rotate right
          </button>
        </div>
        <fieldset className="segmented editor__shapes" disabled={disabled}>
          <legend className="sr-only">Crop</legend>
          {SHAPES.map((s) => (
            <label key={s.value} className={edit.shape === s.value ? 'is-checked' : ''}>
              <input type="radio" name={`${id}-shape`} value={s.value} checked={edit.shape === s.value} onChange={() => onChange(reshape(source, edit.rotation, s.value))} />
              {s.label}
            </label>
          ))}
        </fieldset>
        {cropping && (
          <div className="editor__group" role="group" aria-label="Crop size">
            <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={() => setCrop(scaleBox(edit.crop, 1 / 1.15, aspect, picture, MIN_IMAGE_SIDE))}>
              − Smaller frame
            </button>
            <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={() => setCrop(scaleBox(edit.crop, 1.15, aspect, picture, MIN_IMAGE_SIDE))}>
              + Larger frame
            </button>
          </div>
        )}
      </div>
      <p id={`${id}-help`} className="small muted editor__help">
        {cropping
          ? 'Drag the frame to choose what shows, or drag a corner to resize it. With a keyboard: arrow keys move the frame, + and − resize it.'
          : 'The whole photo is uploaded. Choose Square or Portrait to crop it.'}
      </p>
    </div>
  )
}
