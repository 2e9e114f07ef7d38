import { useDeferredValue, useMemo, useState } from 'react'
import { Link } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Icon from '../components/Icon'
import { EmptyState, ErrorState, Skeleton } from '../components/States'
import FaqList from '../features/content/FaqList'
import { useFilterFaqQuery } from '../features/content/api'
import { asApiError } from '../api/api'

/** /faq: categories, a search box and an accordion. */
export default function Faq() {
  const { data, error, isLoading, refetch } = useFilterFaqQuery({})
  const [category, setCategory] = useState('')
  const [search, setSearch] = useState('')
  const q = useDeferredValue(search.trim().toLowerCase())
  const items = useMemo(() => data?.items ?? [], [data])
  const categories = useMemo(() => Array.from(new Set(items.map((f) => f.category).filter(Boolean))), [items])
  const shown = items.filter((f) => (!category || f.category === category) && (!q || f.question.toLowerCase().includes(q) || f.answer.toLowerCase().includes(q)))

  return (
    <>
      <Seo title="FAQs" description="Answers to common questions about registration, privacy, plans, invitations and chat on our Christian matrimony service." />
      <PageHeader title="Frequently Asked Questions" intro="Quick answers about registering, staying safe, plans and payments." />
      <section className="container section narrow">
        <div className="faq-tools">
          <div className="search-field">
            <label htmlFor="faq-search" className="sr-only">
              Search the FAQs
            </label>
            <Icon name="search" size={18} />
            <input id="faq-search" type="search" placeholder="Search the FAQs, e.g. refund, photo, invitation" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          {categories.length > 1 && (
            <div className="chips" role="group" aria-label="Filter by category">
              <button type="button" className="chip" aria-pressed={category === ''} onClick={() => setCategory('')}>
                All
              </button>
              {categories.map((c) => (
                <button type="button" key={c} className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
                  {c}
                </button>
              ))}
            </div>
          )}
        </div>
        {isLoading ? (
          <Skeleton lines={8} />
        ) : error ? (
          <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
        ) : shown.length === 0 ? (
          <EmptyState title={items.length ? 'No questions match your search.' : 'No questions have been published yet.'} icon="search">
            <p>
              Still need help? <Link to="/contact-us">Write to us</Link>.
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {shown.length} questions shown
            </p>
            <FaqList items={shown} />
          </>
        )}
      </section>
    </>
  )
}
