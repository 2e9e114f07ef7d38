/** A master-data option. */
export interface MasterItem {
  id: number | string
  name: string
}
export interface Country extends MasterItem {
  code: string
  phoneCode: string
}
export interface StateItem extends MasterItem {
  code: string
  countryId: number | string
}
export interface MasterData {
  religion: MasterItem[]
  community: MasterItem[]
  language: MasterItem[]
  country: Country[]
  state: StateItem[]
}
export interface SiteSettings {
  brandName: string
  siteName: string
  siteUrl: string
  supportEmail: string
  contactNo: string[]
  whatsapp: string
  social: { facebook: string; instagram: string; twitter: string; youtube: string }
  officeAddress: { line1: string; line2: string; city: string; state: string; pincode: string; country: string }
  maintenanceMode: boolean
  analytics: { provider: string; id: string }
}
export interface CommonResponse {
  masterData: MasterData
  settings: SiteSettings
}
/** A select option as the forms use it. */
export interface Option {
  value: number | string
  label: string
}
