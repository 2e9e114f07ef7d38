import { useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { asApiError } from '../../../api/api'
import { notifySuccess } from '../../../app/notify'
import ConfirmDialog from '../../../components/ConfirmDialog'
import Icon from '../../../components/Icon'
import { ErrorState, Skeleton } from '../../../components/States'
import { useDeleteSavedSearchMutation, useGetSavedSearchesQuery, useSaveSearchMutation } from '../../../entities/member'
import type { SavedSearch, SearchFilter, SearchKind } from '../../../entities/member'
import { formatDdMmYyyy } from '../../../lib/format'
import { searchHref } from './searchQuery'

/** How many searches a member may keep (the server refuses an eleventh). */
export const MAX_SAVED_SEARCHES = 10

/** The longest name of a saved search, in characters. */
export const MAX_SEARCH_NAME = 40

const KIND_WORDS: Record<SearchKind, string> = { basic: 'Basic', advance: 'Advance' }

/** "Save this search": a name for the search on screen, kept with POST profile/search/save. */
function SaveSearchForm({ kind, filter, full, onDone }: { kind: SearchKind; filter: SearchFilter; full: boolean; onDone: () => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [save, { isLoading }] = useSaveSearchMutation()
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      setError('Please give this search a name.')
      return
    }
    try {
      await save({ name: trimmed, kind, filter }).unwrap()
      notifySuccess(`Saved “${trimmed}”. Run it again from your saved searches.`)
      onDone()
    } catch (err) {
      // A name in use, or the limit reached, comes back as errors.name; anything else is toasted by the store.
      const fe = asApiError(err)?.fieldErrors
      setError(fe?.name ?? Object.values(fe ?? {})[0] ?? null)
    }
  }
  return (
    <form className="save-search" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Save this search">
      <div className={'field field--compact' + (error ? ' has-error' : '')}>
        <label htmlFor="save-search-name">Name this search</label>
        <input
          id="save-search-name"
          type="text"
          maxLength={MAX_SEARCH_NAME}
          autoComplete="off"
          placeholder="e.g. Kochi, 25 to 30"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'save-search-name-error' : 'save-search-name-hint'}
          onChange={(e) => {
            setName(e.target.value)
            setError(null)
          }}
        />
        {error ? (
          <p id="save-search-name-error" className="field__error">
            {error}
          </p>
        ) : (
          <p id="save-search-name-hint" className="field__hint">
            Up to {MAX_SEARCH_NAME} characters.{full && ` You already have ${MAX_SAVED_SEARCHES}: delete one to save another.`}
          </p>
        )}
      </div>
      <div className="save-search__buttons">
        <button type="submit" className="btn btn--primary btn--sm" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save search'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone} disabled={isLoading}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/**
 * The member's saved searches (GET profile/search/saved, newest first): each runs again in one tap (its results
 * come from POST profile/search-matchs/{id}) or is deleted after a confirmation (PATCH profile/search/delete/{id}).
 * "Save this search" keeps the search on screen under a name.
 */
export default function SavedSearches({ kind, filter, activeId }: { kind: SearchKind; filter: SearchFilter; activeId?: number }) {
  const list = useGetSavedSearchesQuery()
  const [remove, removeState] = useDeleteSavedSearchMutation()
  const [saving, setSaving] = useState(false)
  const [confirm, setConfirm] = useState<SavedSearch | null>(null)
  const items = list.data ?? []
  const full = items.length >= MAX_SAVED_SEARCHES

  const onDelete = async () => {
    if (!confirm) return
    try {
      await remove(confirm.id).unwrap()
      notifySuccess(`Deleted “${confirm.name}”.`)
      setConfirm(null)
    } catch {
      // The store toasts why; the dialog stays for another try.
    }
  }

  return (
    <section className="panel saved-searches" aria-labelledby="saved-searches-title">
      <div className="saved-searches__head">
        <h2 id="saved-searches-title" className="panel__title">
          Saved searches
        </h2>
        {!saving && (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => setSaving(true)}>
            <Icon name="star" size={16} /> Save this search
          </button>
        )}
      </div>
      {saving && <SaveSearchForm kind={kind} filter={filter} full={full} onDone={() => setSaving(false)} />}
      {list.isLoading ? (
        <Skeleton lines={2} />
      ) : list.isError ? (
        <ErrorState message={asApiError(list.error)?.message} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="small muted">No saved searches yet. Save one to run it again in one tap.</p>
      ) : (
        <>
          <ul className="saved-searches__list">
            {items.map((s) => (
              <li key={s.id} className={'saved-search' + (s.id === activeId ? ' is-active' : '')}>
                <div className="saved-search__text">
                  <span className="saved-search__name">{s.name}</span>
                  <span className="saved-search__meta">
                    {KIND_WORDS[s.kind]} search{s.createdAt && ` · saved ${formatDdMmYyyy(s.createdAt)}`}
                  </span>
                </div>
                <div className="saved-search__buttons">
                  <Link
                    to={searchHref(s.kind, s.filter, { saved: String(s.id) })}
                    className="btn btn--primary btn--sm"
                    aria-label={`Run ${s.name}`}
                    aria-current={s.id === activeId ? 'true' : undefined}
                  >
                    Run
                  </Link>
                  <button type="button" className="btn btn--ghost btn--sm" aria-label={`Delete ${s.name}`} onClick={() => setConfirm(s)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <p className="small muted">
            {items.length} of {MAX_SAVED_SEARCHES} saved.
          </p>
        </>
      )}
      {confirm && (
        <ConfirmDialog
          open
          danger
          title={`Delete “${confirm.name}”?`}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          busy={removeState.isLoading}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirm(null)}
        >
          <p>The saved search goes; the members it found are not affected.</p>
        </ConfirmDialog>
      )}
    </section>
  )
}
