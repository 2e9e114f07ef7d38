/** Runtime configuration injected by the server into index.html as <script id="tfm-config">. */
export interface RuntimeConfig {
  brandName: string
  maintenanceMode: boolean
  analytics: { provider: string; id: string }
  siteUrl: string
}

/** Defaults used in development, when the server has not injected anything. */
export const defaultConfig: RuntimeConfig = {
  brandName: 'TFM',
  maintenanceMode: false,
  analytics: { provider: '', id: '' },
  siteUrl: typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8080',
}

/** Parses the injected JSON; a missing or broken tag falls back to the defaults. */
export function readConfig(doc: Document = document): RuntimeConfig {
  const el = doc.getElementById('tfm-config')
  if (!el?.textContent) return defaultConfig
  try {
    const raw = JSON.parse(el.textContent) as Omit<Partial<RuntimeConfig>, 'maintenanceMode'> & { maintenanceMode?: unknown }
    return {
      brandName: typeof raw.brandName === 'string' && raw.brandName ? raw.brandName : defaultConfig.brandName,
      // The server may write the flag as the string "true" (spec §2 talks about an env flag).
      maintenanceMode: raw.maintenanceMode === true || raw.maintenanceMode === 'true',
      analytics: {
        provider: raw.analytics?.provider ?? '',
        id: raw.analytics?.id ?? '',
      },
      siteUrl: (raw.siteUrl || defaultConfig.siteUrl).replace(/\/+$/, ''),
    }
  } catch {
    return defaultConfig
  }
}

/** Read once, synchronously, at start-up. */
export const config: RuntimeConfig = readConfig()
