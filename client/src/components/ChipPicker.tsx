import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import Icon from './Icon'
import '../styles/pickers.css'

/** One choice of a picker: a master-data id or a fixed-list value, with what the member reads. */
export interface PickOption<V extends string | number = string | number> {
  value: V
  label: string
  /** A second line, e.g. a city's state. */
  hint?: string
  /** The parent this option belongs to (a state's country, a city's state), for narrowing. */
  parent?: number
}

/** How many matching options the list shows at once; typing narrows the rest. */
export const PICKER_SHOWN = 50

interface ChipPickerProps<V extends string | number> {
  id: string
  /** The visible label; leave it out when labelledBy names the picker. */
  label?: string
  /** The id of an element that labels the picker (a row title). */
  labelledBy?: string
  options: PickOption<V>[]
  value: V[]
  onChange: (value: V[]) => void
  /** What an empty selection means, e.g. "Any denomination". */
  anyLabel: string
  /** Search box placeholder, e.g. "Type a denomination". */
  placeholder: string
  /** Labels of chosen values that are not among the options (e.g. a city of a state no longer chosen). */
  names?: Map<V, string>
  max?: number
  /** Ids of texts that describe the picker (an error, a hint). */
  describedBy?: string
  invalid?: boolean
}

/** Folds case and accents so "kochi" finds "Kochi" and "sao" finds "São Tomé". */
function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

/** Options whose label contains the query: those starting with it first, then a word starting with it, then the rest. */
export function filterOptions<V extends string | number>(options: PickOption<V>[], query: string): PickOption<V>[] {
  const q = fold(query.trim())
  if (!q) return options
  const starts: PickOption<V>[] = []
  const words: PickOption<V>[] = []
  const rest: PickOption<V>[] = []
  for (const o of options) {
    const l = fold(o.label)
    const at = l.indexOf(q)
    if (at < 0) continue
    if (at === 0) starts.push(o)
    else if (/[\s(/-]/.test(l[at - 1])) words.push(o)
    else rest.push(o)
  }
  return [...starts, ...words, ...rest]
}

/**
 * A searchable multi-select that fits a 360-px phone: the choices show as removable chips, and a search box
 * (an ARIA combobox) opens a short list. Arrow keys move, Enter picks or drops, Escape closes, Backspace in an
 * empty box drops the last chip.
 */
export default function ChipPicker<V extends string | number>({
  id,
  label,
  labelledBy,
  options,
  value,
  onChange,
  anyLabel,
  placeholder,
  names,
  max = 50,
  describedBy,
  invalid,
}: ChipPickerProps<V>) {
  const listId = useId()
  const noteId = useId()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [note, setNote] = useState('')
  const input = useRef<HTMLInputElement>(null)

  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options])
  const chosen = useMemo(() => new Set(value), [value])
  const matches = useMemo(() => filterOptions(options, query), [options, query])
  const shown = matches.slice(0, PICKER_SHOWN)
  const labelOf = (v: V) => byValue.get(v)?.label ?? names?.get(v) ?? String(v)

  const optionId = (i: number) => `${id}-opt-${i}`
  useEffect(() => {
    if (open) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [id, active, open])

  const toggle = (o: PickOption<V>) => {
    if (chosen.has(o.value)) {
      onChange(value.filter((v) => v !== o.value))
      setNote(`${o.label} removed`)
      return
    }
    if (value.length >= max) {
      setNote(`You can choose up to ${max}. Remove one to add another.`)
      return
    }
    onChange([...value, o.value])
    setNote(`${o.label} added`)
    setQuery('')
    setActive(0)
  }

  const remove = (v: V) => {
    onChange(value.filter((x) => x !== v))
    setNote(`${labelOf(v)} removed`)
    input.current?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        if (!open) {
          setOpen(true)
          setActive(0)
        } else setActive((a) => Math.min(a + 1, Math.max(shown.length - 1, 0)))
        break
      case 'ArrowUp':
        e.preventDefault()
        if (open) setActive((a) => Math.max(a - 1, 0))
        break
      case 'Enter':
        // Enter in the search box never submits the form.
        e.preventDefault()
        if (open && shown[active]) toggle(shown[active])
        else setOpen(true)
        break
      case 'Escape':
        if (open) {
          e.preventDefault()
          setOpen(false)
        } else if (query) {
          e.preventDefault()
          setQuery('')
        }
        break
      case 'Backspace':
        if (!query && value.length > 0) remove(value[value.length - 1])
        break
      case 'Tab':
        setOpen(false)
        break
    }
  }

  const activeId = open && shown[active] ? optionId(active) : undefined
  return (
    <div className={'chip-picker' + (invalid ? ' has-error' : '')}>
      {label && (
        <label htmlFor={id} className="chip-picker__label">
          {label}
        </label>
      )}
      <div className="chip-picker__chips">
        {value.length === 0 ? (
          <span className="chip-picker__any">{anyLabel}</span>
        ) : (
          <ul className="chip-picker__list" aria-label="Chosen">
            {value.map((v) => (
              <li key={v} className="chip-picker__chip">
                <span>{labelOf(v)}</span>
                <button type="button" className="chip-picker__remove" aria-label={`Remove ${labelOf(v)}`} onClick={() => remove(v)}>
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {value.length > 1 && (
          <button type="button" className="link-btn chip-picker__clear" onClick={() => {
              onChange([])
              setNote(`Cleared: ${anyLabel.toLowerCase()}`)
            }}>
            Clear all
          </button>
        )}
      </div>
      <div className="chip-picker__box">
        <Icon name="search" size={18} className="chip-picker__icon" />
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="done"
          aria-labelledby={label ? undefined : labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-multiselectable="true" aria-labelledby={label ? undefined : labelledBy} aria-label={label} className="chip-picker__options" hidden={!open}>
          {open &&
            shown.map((o, i) => {
              const on = chosen.has(o.value)
              return (
                <li
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={on}
                  className={'chip-picker__option' + (i === active ? ' is-active' : '') + (on ? ' is-chosen' : '')}
                  // Keep the focus in the search box, so the list stays open for the next pick.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => i !== active && setActive(i)}
                  onClick={() => toggle(o)}
                >
                  <span className="chip-picker__tick" aria-hidden="true">
                    {on && <Icon name="check" size={16} />}
                  </span>
                  <span className="chip-picker__text">
                    {o.label}
                    {o.hint && <small>{o.hint}</small>}
                  </span>
                </li>
              )
            })}
          {open && shown.length === 0 && (
            <li role="presentation" className="chip-picker__empty">
              {options.length === 0 ? 'Nothing to choose from yet' : `Nothing matches “${query.trim()}”`}
            </li>
          )}
          {open && matches.length > shown.length && (
            <li role="presentation" className="chip-picker__more">
              Type to narrow down {matches.length - shown.length} more
            </li>
          )}
        </ul>
      </div>
      <p id={noteId} className="sr-only" aria-live="polite">
        {note}
      </p>
    </div>
  )
}
