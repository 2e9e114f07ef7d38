import { useId, useState } from 'react'
import Markdown from '../../components/Markdown'
import type { Faq } from './types'

/** An accessible accordion: each question is a button controlling its answer region. */
export default function FaqList({ items }: { items: Faq[] }) {
  const [open, setOpen] = useState<Set<string>>(() => new Set())
  const base = useId()
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <div className="accordion">
      {items.map((f) => {
        const id = String(f.id)
        const isOpen = open.has(id)
        const btnId = `${base}-q-${id}`
        const panelId = `${base}-a-${id}`
        return (
          <div key={id} className={'accordion__item' + (isOpen ? ' is-open' : '')}>
            <h3 className="accordion__heading">
              <button type="button" id={btnId} className="accordion__button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => toggle(id)}>
                <span>{f.question}</span>
                <span className="accordion__sign" aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={btnId} className="accordion__panel" hidden={!isOpen}>
              <Markdown body={f.answer} headingLevel={4} />
            </div>
          </div>
        )
      })}
    </div>
  )
}
