import { adminApi } from '../api'
import type { SiteSettings } from '../types'

const siteApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SiteSettings, void>({
      query: () => 'settings',
      providesTags: ['Settings'],
    }),
    saveSettings: build.mutation<SiteSettings, SiteSettings>({
      query: (body) => ({ url: 'settings', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
    getMaintenance: build.query<{ on: boolean }, void>({
      query: () => 'maintenance',
      providesTags: ['Maintenance'],
    }),
    setMaintenance: build.mutation<{ on: boolean }, boolean>({
      query: (on) => ({ url: 'maintenance', method: 'PUT', body: { on } }),
      invalidatesTags: ['Maintenance'],
    }),
  }),
})

export const { useGetSettingsQuery, useSaveSettingsMutation, useGetMaintenanceQuery, useSetMaintenanceMutation } = siteApi
