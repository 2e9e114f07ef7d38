interface SwitchProps {
  id: string
  label: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  /** A sentence under the label explaining what the switch does. */
  description?: string
}

/** An on/off switch (role switch) with its label and an optional description. */
export default function Switch({ id, label, checked, disabled, onChange, description }: SwitchProps) {
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <label htmlFor={id} className="switch-row__label">
          {label}
        </label>
        {description && (
          <p id={`${id}-desc`} className="switch-row__desc">
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-desc` : undefined}
        className={'switch' + (checked ? ' is-on' : '')}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
        <span className="switch__state" aria-hidden="true">
          {checked ? 'On' : 'Off'}
        </span>
      </button>
    </div>
  )
}
