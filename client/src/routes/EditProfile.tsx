import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import Icon from '../components/Icon'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { ROUTES } from '../app/routes'
import { useGetOwnProfileQuery, useGetProfileOptionsQuery } from '../features/profile/api'
import { ProfileListsProvider } from '../features/profile/lists'
import { completionLink, editLink } from '../features/profile/OwnProfileView'
import SectionForm from '../features/profile/SectionForm'
import { useUnsavedChangesGuard } from '../features/profile/useUnsavedChangesGuard'
import { FORM_SECTIONS, SECTION_INTROS, SECTION_TITLES, isFormSection } from '../features/profile/sections'
import type { CompletionKey } from '../features/profile/types'
import MemberPage from './MemberPage'
import { useProfileMasterList } from './profileLists'
import '../styles/profile.css'

/** /edit-profile?section=<key>: one section of the member's own profile at a time, saved with PUT profile. */
export default function EditProfile() {
  const [params] = useSearchParams()
  const asked = params.get('section')
  const section = isFormSection(asked) ? asked : 'basic'
  const { data: p, isError, error, refetch } = useGetOwnProfileQuery(undefined, { refetchOnMountOrArgChange: true })
  const { data: options } = useGetProfileOptionsQuery()
  const [dirty, setDirty] = useState(false)
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), [])
  const guard = useUnsavedChangesGuard(dirty)
  const tabs = useRef<HTMLUListElement>(null)
  // On a phone the tabs are one scrolling row: bring the current section's tab into view.
  useEffect(() => {
    const ul = tabs.current
    const current = ul?.querySelector<HTMLElement>('a.is-current')
    if (ul && current && ul.scrollWidth > ul.clientWidth) ul.scrollLeft = current.offsetLeft - 16
  }, [section])

  // Contact, photos and partner preferences have their own pages.
  if (asked && !isFormSection(asked) && ['contact', 'photos', 'preference'].includes(asked)) {
    return <Navigate to={completionLink(asked as CompletionKey)} replace />
  }

  const completion = (key: CompletionKey) => p?.completion.find((s) => s.key === key)
  return (
    <ProfileListsProvider value={useProfileMasterList}>
      <MemberPage title="Edit Profile" intro="Change one section at a time; each is saved on its own.">
        <nav className="section-tabs" aria-label="Profile sections">
          <ul ref={tabs}>
            {FORM_SECTIONS.map((key) => {
              const c = completion(key)
              return (
                <li key={key}>
                  <Link to={editLink(key)} replace aria-current={key === section ? 'page' : undefined} className={key === section ? 'is-current' : undefined}>
                    {c && <Icon name={c.complete ? 'check' : 'clock'} size={14} className={c.complete ? 'section-tabs__ok' : 'section-tabs__todo'} aria-hidden="true" />}
                    {SECTION_TITLES[key]}
                    {c && !c.complete && <span className="sr-only"> (incomplete)</span>}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <section className="panel" aria-labelledby="edit-title">
          <h2 id="edit-title" className="panel__title">
            {SECTION_TITLES[section]}
          </h2>
          <p className="small muted">{SECTION_INTROS[section]}</p>
          {p ? (
            <SectionForm key={section} section={section} profile={p} options={options} onDirtyChange={onDirtyChange} submitLabel="Save changes" />
          ) : isError ? (
            <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
          ) : (
            <div aria-busy="true">
              <Skeleton lines={5} />
            </div>
          )}
        </section>
        <p className="edit-foot">
          <Link to={ROUTES.myProfile} className="text-link">
            ← Back to my profile
          </Link>
        </p>
        {guard}
      </MemberPage>
    </ProfileListsProvider>
  )
}
