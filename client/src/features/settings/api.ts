import { acknowledge, api } from '../../api/api'
import type { Acknowledged } from '../../api/api'
import type { ContactMeUpdate, EmailAlerts, MemberSettings, OwnContact, ProfileOptions, SettingsUpdate, UnsubscribeTarget } from './types'

/** The member's settings calls: privacy and contact settings, the contact person, e-mail alerts. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No tag: the changes below patch this entry field by field, and a refetch racing a later change could undo it.
    // The screens load it afresh on mount instead.
    getSettings: build.query<MemberSettings, void>({
      query: () => 'profile/settings',
    }),
    updateSettings: build.mutation<Acknowledged<MemberSettings>, SettingsUpdate>({
      query: (body) => ({ url: 'profile/settings', method: 'PATCH', body }),
      transformResponse: acknowledge<MemberSettings>,
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const settings = await answered(queryFulfilled)
        if (settings) dispatch(patchSettings(arg, settings))
      },
      // Other screens' queries that show a setting (My Photos shows photo visibility) load it again.
      invalidatesTags: (_r, error) => (error ? [] : ['Settings', 'OwnProfile']),
    }),
    updateContactMe: build.mutation<Acknowledged<MemberSettings>, ContactMeUpdate>({
      query: (body) => ({ url: 'profile/contact-me', method: 'PATCH', body }),
      transformResponse: acknowledge<MemberSettings>,
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const settings = await answered(queryFulfilled)
        if (settings) dispatch(patchSettings(arg, settings))
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Settings', 'OwnProfile']),
    }),
    getEmailAlerts: build.query<EmailAlerts, void>({
      query: () => 'profile/email-alerts',
      providesTags: ['EmailAlerts'],
    }),
    updateEmailAlerts: build.mutation<Acknowledged<EmailAlerts>, Partial<EmailAlerts>>({
      query: (body) => ({ url: 'profile/email-alerts', method: 'POST', body }),
      transformResponse: acknowledge<EmailAlerts>,
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const alerts = await answered(queryFulfilled)
        if (alerts) for (const k of Object.keys(arg) as (keyof EmailAlerts)[]) dispatch(patchAlert(k, alerts))
      },
    }),
    getOwnContact: build.query<OwnContact, void>({
      query: () => 'profile',
      transformResponse: (own: { contact?: Partial<OwnContact>; emailVerified?: boolean; phoneVerified?: boolean }): OwnContact => ({
        email: own.contact?.email ?? '',
        phoneCode: own.contact?.phoneCode ?? '',
        phone: own.contact?.phone ?? '',
        emailVerified: !!own.emailVerified,
        phoneVerified: !!own.phoneVerified,
      }),
      // Verifying the mobile on My Account invalidates Profile, so the badges here follow.
      providesTags: ['Profile'],
    }),
    getSettingsOptions: build.query<ProfileOptions, void>({
      query: () => 'profile/options',
      keepUnusedDataFor: 3600,
    }),
    // An unsubscribe link, no login needed: what it turns off (GET), and turning it off (POST).
    getUnsubscribe: build.query<UnsubscribeTarget, string>({
      query: (t) => ({ url: 'email/unsubscribe', params: { t } }),
    }),
    unsubscribe: build.mutation<UnsubscribeTarget, string>({
      query: (t) => ({ url: 'email/unsubscribe', method: 'POST', params: { t } }),
      // A signed-in member's alerts switches follow.
      invalidatesTags: (_r, error) => (error ? [] : ['EmailAlerts']),
    }),
  }),
})

/**
 * Copies into the cached settings only the fields a change named, as the server answered them: two quick changes
 * of different settings then never undo each other, whichever answer arrives last.
 */
export function patchSettings(changed: object, answer: MemberSettings) {
  return settingsApi.util.updateQueryData('getSettings', undefined, (draft) => {
    for (const k of Object.keys(changed) as (keyof MemberSettings)[]) (draft as Record<string, unknown>)[k] = answer[k]
  })
}

/** Copies one alert setting, as the server answered it, into the cached alerts. */
export function patchAlert(key: keyof EmailAlerts, answer: EmailAlerts) {
  return settingsApi.util.updateQueryData('getEmailAlerts', undefined, (draft) => {
    ;(draft as Record<string, unknown>)[key] = answer[key]
  })
}

/** The data a mutation answered with, or undefined when it failed (the form and the error toaster show why). */
async function answered<T>(queryFulfilled: Promise<{ data: Acknowledged<T> }>): Promise<T | undefined> {
  try {
    return (await queryFulfilled).data.data
  } catch {
    return undefined
  }
}

export const {
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useUpdateContactMeMutation,
  useGetEmailAlertsQuery,
  useUpdateEmailAlertsMutation,
  useGetOwnContactQuery,
  useGetSettingsOptionsQuery,
  useGetUnsubscribeQuery,
  useUnsubscribeMutation,
} = settingsApi
