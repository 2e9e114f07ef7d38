import type { PickOption } from './ChipPicker'
import '../styles/pickers.css'

/** Two selects, lower and upper end of a range; an empty option leaves that end open when `open` is given. */
export function RangePicker<V extends string | number>({
  id,
  labels,
  options,
  min,
  max,
  open,
  invalid,
  describedBy,
  onChange,
}: {
  id: string
  labels: [string, string]
  options: PickOption<V>[]
  min: V
  max: V
  /** The label of the open end ("Any"); without it both ends are required. */
  open?: string
  invalid?: boolean
  describedBy?: string
  onChange: (min: V, max: V) => void
}) {
  const parse = (raw: string): V => {
    const o = options.find((x) => String(x.value) === raw)
    if (o) return o.value
    return (typeof min === 'number' ? 0 : '') as V
  }
  const select = (end: 'min' | 'max') => {
    const current = end === 'min' ? min : max
    return (
      <div className="field field--compact">
        <label htmlFor={`${id}-${end}`}>{labels[end === 'min' ? 0 : 1]}</label>
        <select
          id={`${id}-${end}`}
          name={`${id}-${end}`}
          value={String(current ?? '')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => (end === 'min' ? onChange(parse(e.target.value), max) : onChange(min, parse(e.target.value)))}
        >
          {open && <option value={typeof min === 'number' ? '0' : ''}>{open}</option>}
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    )
  }
  return (
    <div className="range-pick">
      {select('min')}
      <span className="range-pick__to" aria-hidden="true">
        to
      </span>
      {select('max')}
    </div>
  )
}

/** A short fixed list as toggle chips, headed by an "Any" chip that stands for no choice. */
export function ToggleChips<V extends string>({ id, options, value, anyLabel, describedBy, onChange }: { id: string; options: PickOption<V>[]; value: V[]; anyLabel: string; describedBy?: string; onChange: (value: V[]) => void }) {
  const flip = (v: V) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v])
  return (
    <div id={id} className="chips toggle-chips" aria-describedby={describedBy}>
      <button type="button" className="chip" aria-pressed={value.length === 0} onClick={() => onChange([])}>
        {anyLabel}
      </button>
      {options.map((o) => (
        <button key={o.value} type="button" className="chip" aria-pressed={value.includes(o.value)} onClick={() => flip(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  )
}
