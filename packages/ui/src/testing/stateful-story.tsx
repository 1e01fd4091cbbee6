/** Storybook support for the controlled fields' stories. */
import { type ComponentType, useState } from 'react';

/**
 * A story's `render` for a controlled field (`value` in, `onChange` out): the field keeps what the
 * user enters, and the story's `onChange` spy still hears it.
 */
export function statefulRender<Props extends { value: unknown; onChange: (value: never) => void }>(
  Field: ComponentType<Props>,
) {
  type Value = Props['value'];
  function Stateful(props: Props) {
    const [value, setValue] = useState<Value>(props.value);
    const onChange = (next: Value) => {
      setValue(next);
      (props.onChange as (value: Value) => void)(next);
    };
    return <Field {...({ ...props, value, onChange } as Props)} />;
  }
  return (args: Props) => <Stateful {...args} />;
}
