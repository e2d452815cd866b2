/** A labelled text input in the app's form style (AUTH-3 in docs/requirements.md fields). */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** Props of {@link TextField}: any input attribute, plus the ones below. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Unique id; ties the label to the input. */
  id: string;
  label: string;
  /** Marks the field invalid (`aria-invalid`, red ring) after a failed check. */
  invalid?: boolean;
  /** Shown inside the field's right edge (e.g. a show/hide toggle). */
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A label above a full-width input; `end` sits inside the input's right edge. */
export function TextField({
  id,
  label,
  invalid = false,
  end,
  className,
  ref,
  ...input
}: TextFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={invalid || undefined}
          className={`h-11 w-full rounded-lg border bg-neutral-900 px-3 text-base text-neutral-50 placeholder:text-neutral-500 focus-visible:border-accent-soft focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-soft ${
            invalid ? 'border-rose-400' : 'border-white/15 hover:border-white/25'
          } ${end ? 'pr-12' : ''} ${className ?? ''}`}
          {...input}
        />
        {end && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{end}</div>}
      </div>
    </div>
  );
}
