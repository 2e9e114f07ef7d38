import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { notifyError, notifySuccess } from '../../app/notify'
import { ROUTES } from '../../app/routes'
import ConfirmDialog from '../../components/ConfirmDialog'
import { useBlockProfileMutation } from './api'
import { pronoun } from './labels'

interface BlockDialogProps {
  open: boolean
  profileId: string
  name: string
  gender?: number
  /** Called after the block is stored; the server has already ended any chat between the two. */
  onBlocked: () => void
  onCancel: () => void
}

/**
 * Asks before blocking a member (POST profile/block/{id}) and says what a block does: neither sees the other
 * anywhere, and an open chat ends at once for both. A failure keeps the dialog open with a toast.
 */
export default function BlockDialog({ open, profileId, name, gender, onBlocked, onCancel }: BlockDialogProps) {
  const [block, { isLoading }] = useBlockProfileMutation()
  const p = pronoun(gender)
  const confirm = () => {
    block(profileId)
      .unwrap()
      .then(() => {
        notifySuccess(`You blocked ${name}.`)
        onBlocked()
      })
      .catch((e: unknown) => notifyError(asApiError(e)?.message ?? `${name} could not be blocked just now. Please try again.`))
  }
  return (
    <ConfirmDialog open={open} title={`Block ${name}?`} confirmLabel="Block" danger busy={isLoading} onConfirm={confirm} onCancel={onCancel}>
      <p>
        {name} will no longer see your profile, find you in any list or chat with you, and you will not see {p.them}. Any chat between you ends now.
      </p>
      <p>
        {name} is not told. You can unblock {p.them} from <Link to={ROUTES.blockedProfiles}>Blocked Profiles</Link>.
      </p>
    </ConfirmDialog>
  )
}
