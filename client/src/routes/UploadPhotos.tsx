import { useCallback } from 'react'
import { useAppDispatch } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { setReloadProfile } from '../entities/account'
import Uploader from '../features/photos/Uploader'
import MemberPage from './MemberPage'
import '../styles/photos.css'

/** /upload-photos: choose or drop photos, turn and crop them, and upload them with progress. */
export default function UploadPhotos() {
  const dispatch = useAppDispatch()
  // A new photo can become the default (the first one does): have the shell load the profile again.
  const onUploaded = useCallback(() => dispatch(setReloadProfile(true)), [dispatch])
  return (
    <MemberPage title="Upload Photos" intro="Turn and crop each photo before it goes up; location and camera details are removed.">
      <Uploader onUploaded={onUploaded} myPhotosPath={ROUTES.myPhotos} />
    </MemberPage>
  )
}
