import { acknowledge, api } from '../../api/api'
import type { Acknowledged } from '../../api/api'
import { profileHiddenSet } from '../../entities/account'
import type { ChangePasswordInput, FieldCheck, LoginInput, PhoneInput, RegisterInput, ResetPasswordInput, Session } from './types'

/** Registration step numbers (auth/register/step1..3). */
export type RegisterStep = 1 | 2 | 3

/**
 * The account calls of spec §7 "Authentication and account" plus export (GET profile is the account entity's). Logout
 * is not here: an RTK Query call would be aborted by the reset of the API state that follows it (see sendLogout).
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Acknowledged<Session>, RegisterInput>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      transformResponse: acknowledge<Session>,
    }),
    checkRegisterStep: build.mutation<null, { step: RegisterStep; body: RegisterInput }>({
      query: ({ step, body }) => ({ url: `auth/register/step${step}`, method: 'POST', body }),
    }),
    checkAvailable: build.mutation<null, FieldCheck>({
      query: (body) => ({ url: 'auth/isValid', method: 'POST', body }),
    }),
    login: build.mutation<Acknowledged<Session>, LoginInput>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      transformResponse: acknowledge<Session>,
    }),
    sendLoginOtp: build.mutation<Acknowledged<null>, PhoneInput>({
      query: (body) => ({ url: 'auth/login-otp', method: 'POST', body }),
      transformResponse: acknowledge<null>,
    }),
    activate: build.mutation<Acknowledged<null>, { token: string }>({
      query: (body) => ({ url: 'auth/activate', method: 'POST', body }),
      transformResponse: acknowledge<null>,
    }),
    resendActivation: build.mutation<Acknowledged<null>, { email: string }>({
      query: (body) => ({ url: 'auth/resend/activatelink', method: 'POST', body }),
      transformResponse: acknowledge<null>,
    }),
    forgotPassword: build.mutation<Acknowledged<null>, { email: string }>({
      query: (body) => ({ url: 'auth/forgotpwd', method: 'POST', body }),
      transformResponse: acknowledge<null>,
    }),
    resetPassword: build.mutation<Acknowledged<null>, ResetPasswordInput>({
      query: (body) => ({ url: 'auth/resetpwd', method: 'POST', body }),
      transformResponse: acknowledge<null>,
    }),
    changePassword: build.mutation<Acknowledged<Session>, ChangePasswordInput>({
      query: (body) => ({ url: 'user/changepwd', method: 'POST', body }),
      transformResponse: acknowledge<Session>,
    }),
    sendMobileOtp: build.mutation<Acknowledged<null>, void>({
      query: () => ({ url: 'user/mobile-otp', method: 'GET' }),
      transformResponse: acknowledge<null>,
    }),
    verifyMobile: build.mutation<Acknowledged<null>, { otp: string }>({
      query: (body) => ({ url: 'user/mobile-verify', method: 'PATCH', body }),
      transformResponse: acknowledge<null>,
      invalidatesTags: (_r, error) => (error ? [] : ['Profile']),
    }),
    setHidden: build.mutation<Acknowledged<{ hidden: boolean }>, { hidden: boolean }>({
      query: (body) => ({ url: 'profile/hide', method: 'POST', body }),
      transformResponse: acknowledge<{ hidden: boolean }>,
      // The switch follows at once; the refetched GET profile confirms it.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const res = await queryFulfilled.catch(() => null)
        if (res) dispatch(profileHiddenSet(res.data.data.hidden))
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Profile']),
    }),
    deleteAccount: build.mutation<Acknowledged<null>, { password: string }>({
      query: (body) => ({ url: 'profile/delete', method: 'POST', body }),
      transformResponse: acknowledge<null>,
    }),
    exportData: build.mutation<unknown, void>({
      query: () => ({ url: 'user/export', method: 'GET' }),
    }),
  }),
})

export const {
  useRegisterMutation,
  useCheckRegisterStepMutation,
  useCheckAvailableMutation,
  useLoginMutation,
  useSendLoginOtpMutation,
  useActivateMutation,
  useResendActivationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useSendMobileOtpMutation,
  useVerifyMobileMutation,
  useSetHiddenMutation,
  useDeleteAccountMutation,
  useExportDataMutation,
} = accountApi
