import { useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import ConfirmDialog from '../../components/ConfirmDialog'
import { PasswordField, TextField } from '../../components/Field'
import { validatePassword } from '../../lib/passwordRule'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError, useGetMeQuery } from '../api'
import { fmtDateTime } from '../dates'
import { roleWords } from '../shell/AdminLayout'
import type { AdminAccount, RoleInfo } from '../types'
import { ActionDialog, AdminPage, AuditNote, QueryStatus, StatusPill, TableCard, resultError } from '../ui'
import { useAdminAccountActionMutation, useCreateAdminMutation, useListAdminsQuery, useListRolesQuery, useSetAdminRolesMutation } from './api'

/** The new-admin form's fields (roles comma-joined, as useForm keeps text). */
interface NewAdminValues {
  email: string
  name: string
  roles: string
  password: string
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The new-admin checks: an e-mail, a name, at least one role, and a password that meets the members' rule. */
export function validateNewAdmin(v: NewAdminValues): FieldErrors<NewAdminValues> {
  return {
    email: !v.email.trim() ? 'Email is required' : !EMAIL_RE.test(v.email.trim()) ? 'Please enter a valid email address' : undefined,
    name: v.name.trim() ? undefined : 'Name is required',
    roles: v.roles ? undefined : 'Choose at least one role',
    password: validatePassword(v.password),
  }
}

/** Role checkboxes with what each may do. */
function RoleChecks({ roles, chosen, onToggle, error, idPrefix }: { roles: RoleInfo[]; chosen: string[]; onToggle: (role: string) => void; error?: string; idPrefix: string }) {
  return (
    <fieldset className={'field admin-roles' + (error ? ' has-error' : '')} aria-describedby={error ? `${idPrefix}-roles-error` : undefined}>
      <legend>Roles</legend>
      {roles.map((r) => (
        <label key={r.role} className="admin-check admin-roles__item">
          <input type="checkbox" name="roles" value={r.role} checked={chosen.includes(r.role)} onChange={() => onToggle(r.role)} />
          <span>
            <strong>{roleWords([r.role])}</strong>
            <span className="admin-muted admin-roles__perms"> {r.permissions.join(', ')}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id={`${idPrefix}-roles-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

const EMPTY: NewAdminValues = { email: '', name: '', roles: '', password: '' }

/** Creating an admin: e-mail, name, roles, an initial password (they enroll their authenticator app at first login). */
function NewAdminForm({ roles, onDone }: { roles: RoleInfo[]; onDone: () => void }) {
  const { values, errors, onChange, onBlur, check, setValue, setServerErrors, formRef } = useForm(EMPTY, validateNewAdmin)
  const [create, { isLoading }] = useCreateAdminMutation()
  const [formError, setFormError] = useState<string | null>(null)
  const chosen = values.roles ? values.roles.split(',') : []
  const toggle = (role: string) => setValue('roles', (chosen.includes(role) ? chosen.filter((r) => r !== role) : [...chosen, role]).join(','))

  const onSubmit = async (e: FormEvent) => {
    if (!check(e)) return
    const r = await create({ email: values.email.trim(), name: values.name.trim(), roles: chosen, password: values.password })
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) setServerErrors(err.fieldErrors)
      else if (err?.status === 409) setServerErrors({ email: err.message })
      setFormError(err?.fieldErrors || err?.status === 409 ? null : (err?.message ?? null))
      return
    }
    notifySuccess('Admin created')
    onDone()
  }

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="admin-card" aria-label="New admin">
      <h2 className="admin-card__title">New admin</h2>
      <div className="admin-grid-2">
        <TextField id="email" label="E-mail" type="email" autoComplete="off" value={values.email} onChange={onChange} onBlur={onBlur} error={errors.email} />
        <TextField id="name" label="Name" value={values.name} onChange={onChange} onBlur={onBlur} error={errors.name} />
      </div>
      <RoleChecks roles={roles} chosen={chosen} onToggle={toggle} error={errors.roles} idPrefix="new" />
      <PasswordField
        id="password"
        label="Initial password"
        autoComplete="new-password"
        value={values.password}
        onChange={onChange}
        onBlur={onBlur}
        error={errors.password}
        hint="8 to 20 characters with an uppercase letter, a lowercase letter, a number and one of !@#$%^&*. Give it to them in person; they set up their authenticator app at first login."
      />
      {formError && (
        <p className="admin-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={isLoading}>
          Create admin
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** Changing one admin's roles, in a confirmation (the change is audited). */
function RolesDialog({ admin, roles, onClose }: { admin: AdminAccount; roles: RoleInfo[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<string[]>(admin.roles)
  const [error, setError] = useState<string | undefined>()
  const [save, { isLoading }] = useSetAdminRolesMutation()
  const toggle = (role: string) => setChosen((c) => (c.includes(role) ? c.filter((r) => r !== role) : [...c, role]))

  const confirm = async () => {
    if (!chosen.length) {
      setError('Choose at least one role')
      return
    }
    const err = resultError(await save({ id: admin.id, roles: chosen }))
    if (err) {
      setError(err.fieldErrors?.roles ?? err.message)
      return
    }
    notifySuccess('Roles changed')
    onClose()
  }

  return (
    <ConfirmDialog open title={`Change ${admin.name || admin.email}'s roles`} confirmLabel="Save roles" busy={isLoading} onConfirm={() => void confirm()} onCancel={onClose}>
      <RoleChecks roles={roles} chosen={chosen} onToggle={toggle} error={error} idPrefix={`admin-${admin.id}`} />
      <AuditNote>The change is recorded in the audit log, and takes effect on their next call.</AuditNote>
    </ConfirmDialog>
  )
}

type AccountAction = 'disable' | 'enable' | 'reset-totp'

const ACCOUNT_ACTIONS: Record<AccountAction, { title: (n: string) => string; confirm: string; body: string; done: string; danger?: boolean }> = {
  disable: { title: (n) => `Disable ${n}?`, confirm: 'Disable', body: 'They are logged out and cannot log in until enabled again.', done: 'Admin disabled', danger: true },
  enable: { title: (n) => `Enable ${n}?`, confirm: 'Enable', body: 'They can log in again with their password and authenticator app.', done: 'Admin enabled' },
  'reset-totp': {
    title: (n) => `Reset ${n}'s second factor?`,
    confirm: 'Reset',
    body: 'Their authenticator app stops working for the back office; at their next login they set it up again with a new QR code.',
    done: 'Second factor reset',
    danger: true,
  },
}

/** Admins (superadmin): the list; create; change roles; disable or enable; reset the second factor. */
export default function AdminsScreen() {
  const { data: me } = useGetMeQuery()
  const admins = useListAdminsQuery()
  const roles = useListRolesQuery()
  const [act] = useAdminAccountActionMutation()
  const [creating, setCreating] = useState(false)
  const [editingRoles, setEditingRoles] = useState<AdminAccount | null>(null)
  const [acting, setActing] = useState<{ admin: AdminAccount; action: AccountAction } | null>(null)
  const items = admins.data?.items ?? []
  const roleList = roles.data?.items ?? []

  const runAction = async () => {
    if (!acting) return
    const err = resultError(await act({ id: acting.admin.id, action: acting.action }))
    if (err) return err
    notifySuccess(ACCOUNT_ACTIONS[acting.action].done)
    setActing(null)
  }

  return (
    <AdminPage
      title="Admins"
      intro={<AuditNote>Every change here is recorded in the audit log.</AuditNote>}
      actions={
        !creating && (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setCreating(true)} disabled={!roleList.length}>
            New admin
          </button>
        )
      }
    >
      {creating && <NewAdminForm roles={roleList} onDone={() => setCreating(false)} />}
      <QueryStatus
        isLoading={admins.isLoading || roles.isLoading}
        error={admins.error ?? roles.error}
        onRetry={() => {
          void admins.refetch()
          void roles.refetch()
        }}
        isEmpty={!items.length}
        emptyTitle="No admins"
      />
      {items.length > 0 && (
        <TableCard label="Admins">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">Second factor</th>
              <th scope="col">Last login</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => {
              const self = a.id === me?.id
              const disabled = a.status === 'disabled'
              return (
                  <tr key={a.id}>
                    <td>
                      {a.name || '—'}
                      {self && <span className="admin-muted"> (you)</span>}
                    </td>
                    <td className="admin-break">{a.email}</td>
                    <td>{roleWords(a.roles)}</td>
                    <td>
                      <StatusPill value={disabled ? 'disabled' : 'active'} />
                    </td>
                    <td>{a.totpEnabled ? 'Set up' : 'Not yet'}</td>
                    <td className="admin-nowrap">{fmtDateTime(a.lastLoginAt)}</td>
                    <td>
                      <div className="admin-actions">
                        <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditingRoles(a)} disabled={!roleList.length} aria-label={`Change roles of ${a.email}`}>
                          Roles
                        </button>
                        {!self && (
                          <button type="button" className={'btn btn--sm ' + (disabled ? 'btn--outline' : 'btn--danger')} onClick={() => setActing({ admin: a, action: disabled ? 'enable' : 'disable' })} aria-label={`${disabled ? 'Enable' : 'Disable'} ${a.email}`}>
                            {disabled ? 'Enable' : 'Disable'}
                          </button>
                        )}
                        {a.totpEnabled && (
                          <button type="button" className="btn btn--outline btn--sm" onClick={() => setActing({ admin: a, action: 'reset-totp' })} aria-label={`Reset the second factor of ${a.email}`}>
                            Reset 2FA
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
              )
            })}
          </tbody>
        </TableCard>
      )}
      {editingRoles && <RolesDialog key={editingRoles.id} admin={editingRoles} roles={roleList} onClose={() => setEditingRoles(null)} />}
      {acting && (
        <ActionDialog
          open
          title={ACCOUNT_ACTIONS[acting.action].title(acting.admin.name || acting.admin.email)}
          confirmLabel={ACCOUNT_ACTIONS[acting.action].confirm}
          danger={ACCOUNT_ACTIONS[acting.action].danger}
          reason={false}
          onConfirm={runAction}
          onCancel={() => setActing(null)}
        >
          <p>{ACCOUNT_ACTIONS[acting.action].body}</p>
        </ActionDialog>
      )}
    </AdminPage>
  )
}
