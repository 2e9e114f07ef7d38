import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { commonApi } from './api'
import type { CommonResponse, MasterData, Option, SiteSettings } from './types'

/** Common state of spec §3. */
export interface CommonState {
  commonData: MasterData | null
  siteSettings: SiteSettings | null
  communityData: Option[]
  languageData: Option[]
  statesData: Option[]
  loaded: boolean
}

/** The "All" option that heads the states list (spec §3). */
export const ALL_STATES: Option = { value: 0, label: 'All' }

const initialState: CommonState = {
  commonData: null,
  siteSettings: null,
  communityData: [],
  languageData: [],
  statesData: [ALL_STATES],
  loaded: false,
}

function apply(state: CommonState, data: CommonResponse) {
  const md = data.masterData
  state.commonData = md
  state.siteSettings = data.settings
  state.communityData = (md.community ?? []).map((c) => ({ value: c.id, label: c.name }))
  state.languageData = (md.language ?? []).map((c) => ({ value: c.id, label: c.name }))
  state.statesData = [ALL_STATES, ...(md.state ?? []).map((s) => ({ value: s.id, label: s.name }))]
  state.loaded = true
}

const commonSlice = createSlice({
  name: 'common',
  initialState,
  reducers: {
    /** Stores a GET common answer; callers pass only a meta.code 200 answer. */
    commonDataLoaded(state, action: PayloadAction<CommonResponse>) {
      apply(state, action.payload)
    },
  },
  extraReducers: (builder) => {
    // The base query fulfils only when meta.code is 200, so any other answer leaves the state alone (spec §8).
    builder.addMatcher(commonApi.endpoints.getCommon.matchFulfilled, (state, action) => {
      apply(state, action.payload)
    })
  },
})

export const { commonDataLoaded } = commonSlice.actions
export default commonSlice.reducer

type WithCommon = { common: CommonState }
export const selectSiteSettings = (s: WithCommon) => s.common.siteSettings
export const selectCommonLoaded = (s: WithCommon) => s.common.loaded
export const selectCommunityOptions = (s: WithCommon) => s.common.communityData
export const selectStateOptions = (s: WithCommon) => s.common.statesData
