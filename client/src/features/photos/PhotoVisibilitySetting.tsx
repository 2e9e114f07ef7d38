import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import Icon from '../../components/Icon'
import { ErrorState, Skeleton } from '../../components/States'
import { useGetPhotoSettingsQuery, useSetPhotoVisibilityMutation } from './api'
import type { PhotoVisibility } from './types'

const OPTIONS: { value: PhotoVisibility; title: string; text: string }[] = [
  {
    value: 'all',
    title: 'All members',
    text: 'Every signed-in member can see your photos. Visitors who are not logged in never see them.',
  },
  {
    value: 'protected',
    title: 'Protected',
    text: 'Members see a locked picture instead. Someone who wants to see your photos sends a photo request, and only the members whose request you accept can see them.',
  },
]

/** Who may see the member's photos (photoVisibility of profile/settings), explained in plain words; saved on change. */
export default function PhotoVisibilitySetting() {
  const { data, isLoading, isError, error, refetch } = useGetPhotoSettingsQuery()
  const [save, { isLoading: saving }] = useSetPhotoVisibilityMutation()
  const current = data?.photoVisibility

  const onChange = async (value: PhotoVisibility) => {
    if (value === current) return
    try {
      const res = await save(value).unwrap()
      notifySuccess(res.message || 'Saved')
    } catch {
      // Toasted by the store middleware.
    }
  }

  return (
    <section className="panel" aria-labelledby="photo-visibility-title">
      <h2 id="photo-visibility-title" className="panel__title">
        Who can see my photos
      </h2>
      {isLoading && <Skeleton lines={3} />}
      {isError && <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />}
      {data && (
        <fieldset className="visibility" disabled={saving} aria-describedby="photo-visibility-note">
          <legend className="sr-only">Photo visibility</legend>
          {OPTIONS.map((o) => (
            <label key={o.value} className={'visibility__option' + (current === o.value ? ' is-checked' : '')}>
              <input type="radio" name="photoVisibility" value={o.value} checked={current === o.value} onChange={() => void onChange(o.value)} />
              <span className="visibility__text">
                <span className="visibility__title">
                  {o.value === 'protected' && <Icon name="lock" size={16} />} {o.title}
                </span>
                <span className="visibility__desc">{o.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {data && (
        <p id="photo-visibility-note" className="small muted" role="status">
          {saving
            ? 'Saving…'
            : data.photoVisibility === 'protected'
              ? 'Your photos are protected: members see them only after you accept their photo request.'
              : 'Your photos are visible to all signed-in members.'}
        </p>
      )}
    </section>
  )
}
