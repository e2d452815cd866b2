/** A password input with a show/hide toggle (AUTH-3 in docs/requirements.md). */
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/text-field.tsx';

/**
 * A {@link TextField} whose value is hidden until the eye button (a 'Show password' toggle:
 * `aria-pressed` says whether it is shown) reveals it. Spell-check and autocapitalisation off.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      end={
        <button
          type="button"
          aria-label="Show password"
          aria-pressed={visible}
          title={visible ? 'Hide password' : 'Show password'}
          aria-controls={props.id}
          onClick={() => {
            setVisible((v) => !v);
          }}
          className="flex size-10 items-center justify-center rounded-md text-neutral-400 hover:text-neutral-100"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  );
}
