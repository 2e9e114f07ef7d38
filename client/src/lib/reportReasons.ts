/** The reasons for a report that the server accepts (POST profile/report/{id}), with their words. */
export const REPORT_REASONS = [
  { value: 'fake', label: 'Fake profile or false details' },
  { value: 'married', label: 'Already married' },
  { value: 'money', label: 'Asked for money or gifts' },
  { value: 'abusive', label: 'Abusive, rude or indecent' },
  { value: 'other', label: 'Something else' },
] as const

/** One of REPORT_REASONS' values. */
export type ReportReason = (typeof REPORT_REASONS)[number]['value']

/** The words of a report reason; an unknown code is shown as it is. */
export function reportReasonWords(code: string): string {
  return REPORT_REASONS.find((r) => r.value === code)?.label ?? code
}
