import type { Messages } from '../messages.ts';

export const dateField: Messages['dateField'] = {
  placeholder: 'mm/dd/yyyy',
  typeAs: 'Type the date as month/day/year, for example 08/15/2030',
  openCalendar: 'Pick the date on the calendar',
  clear: 'Clear the date',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};
