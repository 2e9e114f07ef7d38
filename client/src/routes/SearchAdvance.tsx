import SearchScreen from '../features/discovery/search/SearchScreen'
import { useSearchOptions } from './searchOptions'

/** /search/advance: every filter, the profile ID lookup, results and saved searches. */
export default function SearchAdvance() {
  const { options, failed, retry } = useSearchOptions()
  return <SearchScreen kind="advance" options={options} optionsError={failed?.error} onRetryOptions={retry} />
}
