// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { TagType } from '../../../shared/core/tag-types.js';
import { ValueEntry } from '../../../renderer/components/tags/ValueEntry.js';
import { button, byRole, field, mount, settle, submit, typeInto } from './harness.js';

function setup(type: TagType, refusal?: string) {
  const onSubmit = vi.fn(async () => refusal);
  const { root } = mount(
    <ValueEntry id="entry" label="New value" buttonLabel="Set" type={type} initial="0" onSubmit={onSubmit} />,
  );
  const input = field(root, 'New value');
  const send = async (text: string) => {
    typeInto(input, text);
    submit(input.form!);
    await settle();
  };
  return { root, input, onSubmit, send };
}

describe('the value entry', () => {
  it('starts with the value it was given and a keyboard for its type', () => {
    expect(setup('Int').input.getAttribute('inputmode')).toBe('numeric');
    const { input } = setup('Float');
    expect(input.value).toBe('0');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });

  it('sends a Float as typed', async () => {
    const { onSubmit, send, root } = setup('Float');
    await send(' -2.5e1 ');
    expect(onSubmit).toHaveBeenCalledWith(-25);
    expect(root.querySelector('[role="alert"], [role="status"]')).toBeNull();
  });

  it('refuses what the API would refuse, without sending it, and clears that on typing', async () => {
    const { onSubmit, send, input, root } = setup('Int');
    await send('');
    expect(byRole(root, 'alert').textContent).toBe('Enter a value.');
    await send('ten');
    expect(byRole(root, 'alert').textContent).toBe('Could not convert value to the tag data type: Int.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('entry-error');
    expect(onSubmit).not.toHaveBeenCalled();
    typeInto(input, '1');
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('says how an Int was rounded', async () => {
    const { onSubmit, send, input, root } = setup('Int');
    await send('2.5');
    expect(onSubmit).toHaveBeenCalledWith(2);
    expect(byRole(root, 'status').textContent).toBe(
      '2.5 is sent as 2: an Int is a whole number (rounded half to even, as the API does).',
    );
    expect(input.getAttribute('aria-describedby')).toBe('entry-note');
  });

  it("shows the host's refusal of a value it sent", async () => {
    const { send, root } = setup('Int', "Tag with id 'x' not found.");
    await send('3');
    expect(byRole(root, 'alert').textContent).toBe("Tag with id 'x' not found.");
    expect(button(root, 'Set').disabled).toBe(false);
  });
});
