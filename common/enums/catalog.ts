import { defineEnum } from './define-enum.ts';

/** Whether a catalogue record is offered (shown in the store) or kept aside. */
export const recordState = defineEnum('recordState', ['enabled', 'disabled'], {
  labels: 'catalog.state',
  colors: { enabled: 'green', disabled: 'gray' },
});
