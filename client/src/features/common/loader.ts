import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { commonApi } from './api'
import type { CommonState } from './commonSlice'

/** Loads master data and settings once, only if not loaded yet (spec §4). */
export function loadCommonDataOnce(): ThunkAction<void, { common: CommonState }, unknown, UnknownAction> {
  return (dispatch, getState) => {
    if (getState().common.loaded) return
    // The subscription is released right away; the slice keeps the data.
    const sub = dispatch(commonApi.endpoints.getCommon.initiate(undefined, { subscribe: false }))
    void sub
  }
}
