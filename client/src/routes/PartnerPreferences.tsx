import { useMemo } from 'react'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { useAppDispatch, useAppSelector } from '../app/hooks'
import { selectProfile, setReloadMatches } from '../entities/account'
import { useGetPreferenceQuery } from '../features/preferences/api'
import PreferenceForm from '../features/preferences/PreferenceForm'
import type { PreferenceOptions } from '../features/preferences/types'
import '../styles/settings.css'
import MemberPage from './MemberPage'
import { partnerChoices, usePickLists } from './pickLists'

/** The option lists of the preference form: the shared choice lists and the age limits of this member. */
function usePreferenceOptions() {
  const profile = useAppSelector(selectProfile)
  const { lists, failed, retry } = usePickLists()
  const gender = profile?.gender
  const options = useMemo<PreferenceOptions | null>(() => (lists && gender !== undefined ? partnerChoices(lists, gender) : null), [lists, gender])
  return { options, failed, retry }
}

/** /my-matrimony/partner-preferences: the partner preferences, each marked "must match" or "nice to have". */
export default function PartnerPreferences() {
  const dispatch = useAppDispatch()
  const pref = useGetPreferenceQuery()
  const { options, failed, retry } = usePreferenceOptions()
  const error = pref.isError ? pref.error : failed?.error
  return (
    <MemberPage title="Partner Preferences" intro="Tell us who you are looking for. Your matches follow these choices.">
      {pref.data && options ? (
        <PreferenceForm saved={pref.data} options={options} onSaved={() => dispatch(setReloadMatches(true))} />
      ) : error ? (
        <div className="panel">
          <ErrorState
            message={asApiError(error)?.message}
            onRetry={() => {
              if (pref.isError) void pref.refetch()
              retry()
            }}
          />
        </div>
      ) : (
        <div className="panel" aria-busy="true" aria-label="Loading your preferences">
          <Skeleton lines={8} />
        </div>
      )}
    </MemberPage>
  )
}
