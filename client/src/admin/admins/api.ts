import { adminApi, compact } from '../api'
import type { AdminAccount, AuditFilter, AuditRow, Page, RoleInfo } from '../types'

const adminsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listAdmins: build.query<{ items: AdminAccount[] }, void>({
      query: () => 'admins',
      providesTags: ['Admin'],
    }),
    listRoles: build.query<{ items: RoleInfo[] }, void>({
      query: () => 'roles',
      providesTags: ['Role'],
    }),
    createAdmin: build.mutation<AdminAccount, { email: string; name: string; roles: string[]; password: string }>({
      query: (body) => ({ url: 'admins', method: 'POST', body }),
      invalidatesTags: ['Admin', 'Audit'],
    }),
    setAdminRoles: build.mutation<unknown, { id: number; roles: string[] }>({
      query: ({ id, roles }) => ({ url: `admins/${id}/roles`, method: 'PUT', body: { roles } }),
      invalidatesTags: ['Admin', 'Audit', 'Me'],
    }),
    adminAccountAction: build.mutation<unknown, { id: number; action: 'disable' | 'enable' | 'reset-totp' }>({
      query: ({ id, action }) => ({ url: `admins/${id}/${action}`, method: 'POST' }),
      invalidatesTags: ['Admin', 'Audit'],
    }),
    listAudit: build.query<Page<AuditRow>, AuditFilter & { skip: number; limit: number }>({
      query: (q) => ({ url: 'audit', params: compact(q) }),
      providesTags: ['Audit'],
    }),
  }),
})

export const { useListAdminsQuery, useListRolesQuery, useCreateAdminMutation, useSetAdminRolesMutation, useAdminAccountActionMutation, useListAuditQuery } = adminsApi
