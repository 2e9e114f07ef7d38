import { useCallback } from 'react'
import { useAppDispatch, useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile, setReloadProfile } from '../entities/account'
import PhotoGrid from '../features/photos/PhotoGrid'
import PhotoVisibilitySetting from '../features/photos/PhotoVisibilitySetting'
import ProofSection from '../features/photos/ProofSection'
import MemberPage from './MemberPage'
import '../styles/photos.css'

/** /my-matrimony/my-photos: the member's photos (default, delete), who can see them, and the proof images. */
export default function MyPhotos() {
  const dispatch = useAppDispatch()
  const profile = useAppSelector(selectProfile)
  // The header avatar and the dashboard show the default photo: have the shell load the profile again.
  const onChanged = useCallback(() => dispatch(setReloadProfile(true)), [dispatch])
  return (
    <MemberPage title="My Photos" intro="Add up to 10 photos, choose the one members see first, and decide who may see them.">
      <PhotoGrid gender={profile?.gender} uploadPath={ROUTES.uploadPhotos} onChanged={onChanged} />
      <PhotoVisibilitySetting />
      <ProofSection />
    </MemberPage>
  )
}
